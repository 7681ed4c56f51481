/**
 * An appointment's message log (`appointments/get_messages`, src/server/messages/): one line a
 * message, 'Reminder · e-mail · sent 8 Mar 10:00'. Shown in the diary's appointment panel and
 * under the appointment's editor (an extras slot).
 */
import { List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import {
  GET_MESSAGES_CALL,
  MESSAGE_KIND_LABELS,
  type AppointmentMessage,
} from '../../../shared/diary/messages';
import { callData } from '../../api/client';
import type { SlotProps } from '../../entity/extras/extraViews';
import { DIARY_RANGE_KEY } from './useDiaryRange';
import { useClinicZone } from './useDiaryReference';

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

/** The line a message shows as (pure). */
export const messageLine = (m: AppointmentMessage, zone: string): string =>
  [MESSAGE_KIND_LABELS[m.kind], CHANNELS[m.channel], outcome(m, zone)].join(' · ');

export function AppointmentMessageLog({ appointmentId }: { appointmentId: number }) {
  const zone = useClinicZone();
  const query = useQuery({
    // Under the diary's key: a move or a cancel reads the log again.
    queryKey: [...DIARY_RANGE_KEY, 'messages', appointmentId],
    queryFn: () =>
      callData<AppointmentMessage[]>(GET_MESSAGES_CALL, { appointment_id: appointmentId }),
  });
  const rows = query.data ?? [];
  return (
    <Stack gap={4} aria-label="Messages to the patient">
      <Text size="sm" fw={600}>
        Messages to the patient
      </Text>
      {query.isError && (
        <Text size="sm" c="red">
          The messages could not be read.
        </Text>
      )}
      {query.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      )}
      {rows.length > 0 && (
        <List size="sm" spacing={2}>
          {rows.map((m) => (
            <List.Item key={m.message_id} title={m.recipient}>
              {messageLine(m, zone)}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** The appointment editor's extras slot. */
export function AppointmentMessagesSlot({ rowId }: SlotProps) {
  return <AppointmentMessageLog appointmentId={Number(rowId)} />;
}
