/**
 * Today's list: who comes when, with one click to mark them Arrived, Completed or No-show.
 * Memoised, row by row: a clinic's day can be 200 appointments with three buttons each, and the
 * diary page draws again on every drop and every read; a read again keeps the rows that did not
 * change (the query's structural sharing), so only changed rows draw.
 */
import { Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { isLive, type AppointmentStatus } from '../../../shared/diary/statuses';
import { patientOf } from './calendarEvents';
import type { DiaryAppointment } from './diaryApi';
import { timeSpan } from './diaryTime';
import { StatusActions } from './StatusActions';

type OnStatus = (id: number, status: AppointmentStatus, label: string) => unknown;

interface Props {
  zone: string;
  today: { rows: DiaryAppointment[]; loading: boolean };
  onStatus: OnStatus;
  onOpen: (appointment: DiaryAppointment) => void;
}

export const TodayList = memo(function TodayList({ zone, today, onStatus, onOpen }: Props) {
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
          <TodayRow
            key={a.appointment_id}
            appointment={a}
            zone={zone}
            onStatus={onStatus}
            onOpen={onOpen}
          />
        ))}
      </Stack>
    </Paper>
  );
});

interface RowProps {
  appointment: DiaryAppointment;
  zone: string;
  onStatus: OnStatus;
  onOpen: (appointment: DiaryAppointment) => void;
}

const TodayRow = memo(function TodayRow({ appointment: a, zone, onStatus, onOpen }: RowProps) {
  return (
    <li data-testid="today-appointment">
      <UnstyledButton onClick={() => onOpen(a)}>
        <Text size="sm" fw={600}>
          {timeSpan(a.start, a.end, zone)} {patientOf(a)}
        </Text>
        <Text size="xs" c="dimmed">
          {[a.practitioner_name, a.type_name].filter(Boolean).join(' · ')}
        </Text>
      </UnstyledButton>
      <StatusActions appointment={a} onStatus={onStatus} />
    </li>
  );
});
