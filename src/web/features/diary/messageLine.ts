/** A message of an appointment's log as one line (pure): 'Reminder · e-mail · sent 8 Mar 10:00'. */
import { DateTime } from 'luxon';
import { MESSAGE_KIND_LABELS, type AppointmentMessage } from '../../../shared/diary/messages';

const CHANNELS: Record<AppointmentMessage['channel'], string> = { email: 'e-mail', sms: 'SMS' };

const at = (iso: string, zone: string) =>
  DateTime.fromISO(iso).setZone(zone).toFormat('d LLL HH:mm');

function outcome(m: AppointmentMessage, zone: string): string {
  if (m.status === 'sent') return `sent ${at(m.sent_at ?? m.due_at, zone)}`;
  if (m.status === 'failed')
    return `failed after ${m.attempts} tries${m.error ? `: ${m.error}` : ''}`;
  if (m.status === 'skipped') return 'not sent (no longer due)';
  if (m.status === 'sending') return 'sending';
  return `due ${at(m.due_at, zone)}`;
}

export const messageLine = (m: AppointmentMessage, zone: string): string =>
  [MESSAGE_KIND_LABELS[m.kind], CHANNELS[m.channel], outcome(m, zone)].join(' · ');
