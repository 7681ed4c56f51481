/** Today's list: who comes when, with one click to mark them Arrived, Completed or No-show. */
import { Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { isLive } from '../../../shared/diary/statuses';
import { patientOf } from './calendarEvents';
import type { DiaryAppointment } from './diaryApi';
import { timeSpan } from './diaryTime';
import { StatusActions } from './StatusActions';
import type { AppointmentWrites } from './useAppointmentWrites';

interface Props {
  zone: string;
  today: { rows: DiaryAppointment[]; loading: boolean };
  writes: AppointmentWrites;
  onOpen: (appointment: DiaryAppointment) => void;
}

export function TodayList({ zone, today, writes, onOpen }: Props) {
  const rows = today.rows.filter((a) => isLive(a.status));
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="diary-today">
      <Title order={2} size="h5" id="diary-today" mb="xs">
        Today
      </Title>
      {!today.loading && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No appointments today.
        </Text>
      )}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((a) => (
          <li key={a.appointment_id} data-testid="today-appointment">
            <UnstyledButton onClick={() => onOpen(a)}>
              <Text size="sm" fw={600}>
                {timeSpan(a.start, a.end, zone)} {patientOf(a)}
              </Text>
              <Text size="xs" c="dimmed">
                {[a.practitioner_name, a.type_name].filter(Boolean).join(' · ')}
              </Text>
            </UnstyledButton>
            <StatusActions appointment={a} onStatus={writes.setStatus} />
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
