/** One click to mark an appointment Arrived, Completed or No-show (today's list, the panel). */
import { Button, Group } from '@mantine/core';
import { isLive, type AppointmentStatus } from '../../../shared/diary/statuses';
import type { DiaryAppointment } from './diaryApi';
import { patientOf } from './calendarEvents';

const ACTIONS: ReadonlyArray<{ status: AppointmentStatus; label: string }> = [
  { status: 'arrived', label: 'Arrived' },
  { status: 'completed', label: 'Completed' },
  { status: 'no_show', label: 'No-show' },
];

interface Props {
  appointment: DiaryAppointment;
  onStatus: (id: number, status: AppointmentStatus, label: string) => unknown;
}

export function StatusActions({ appointment, onStatus }: Props) {
  if (!isLive(appointment.status)) return null;
  return (
    <Group gap={4}>
      {ACTIONS.map(({ status, label }) => (
        <Button
          key={status}
          size="compact-xs"
          variant={appointment.status === status ? 'filled' : 'light'}
          aria-pressed={appointment.status === status}
          aria-label={`${label}: ${patientOf(appointment)}`}
          onClick={() => void onStatus(appointment.appointment_id, status, label)}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
