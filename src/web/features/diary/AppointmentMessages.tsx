/**
 * An appointment's message log (`appointments/get_messages`, src/server/messages/): one line a
 * message, 'Reminder · e-mail · sent 8 Mar 10:00'. Shown in the diary's appointment panel and
 * under the appointment's editor (an extras slot).
 */
import { List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { GET_MESSAGES_CALL, type AppointmentMessage } from '../../../shared/diary/messages';
import { callData } from '../../api/client';
import type { SlotProps } from '../../entity/extras/extraViews';
import { messageLine } from './messageLine';
import { DIARY_RANGE_KEY } from './useDiaryRange';
import { useClinicZone } from './useDiaryReference';

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
