import { describe, expect, it } from 'vitest';
import type { AppointmentMessage } from '../../src/shared/diary/messages';
import { messageLine } from '../../src/web/features/diary/messageLine';

const base: AppointmentMessage = {
  message_id: 1,
  kind: 'reminder',
  channel: 'email',
  recipient: 'jane@example.org',
  status: 'sent',
  due_at: '2027-03-08T10:00:00Z',
  sent_at: '2027-03-08T10:00:05Z',
  attempts: 1,
  error: '',
};

describe('an appointment message as a line', () => {
  it('says what, how and when it was sent, in the clinic zone', () => {
    expect(messageLine(base, 'Europe/London')).toBe('Reminder · e-mail · sent 8 Mar 10:00');
    // London is an hour ahead of UTC in summer.
    const summer = { ...base, sent_at: '2027-07-08T10:00:00Z' };
    expect(messageLine(summer, 'Europe/London')).toBe('Reminder · e-mail · sent 8 Jul 11:00');
  });

  it('says when a queued one is due, and why a failed one failed', () => {
    const queued = {
      ...base,
      kind: 'confirmation' as const,
      status: 'queued' as const,
      sent_at: null,
    };
    expect(messageLine(queued, 'UTC')).toBe('Confirmation · e-mail · due 8 Mar 10:00');
    const failed = {
      ...base,
      channel: 'sms' as const,
      status: 'failed' as const,
      attempts: 5,
      error: 'no mobile number',
    };
    expect(messageLine(failed, 'UTC')).toBe(
      'Reminder · SMS · failed after 5 tries: no mobile number',
    );
  });
});
