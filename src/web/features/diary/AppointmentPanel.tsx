/**
 * An appointment opened from the diary: its details, its status buttons, cancel with a reason,
 * and links to the patient and to the appointment's own record (history, notes, audit).
 */
import { Anchor, Badge, Button, Drawer, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SeriesScope } from '../../../shared/diary/calls';
import { APPOINTMENT_STATUS_OPTIONS, isLive } from '../../../shared/diary/statuses';
import { patientOf, STATUS_COLOURS } from './calendarEvents';
import type { DiaryAppointment } from './diaryApi';
import { whenText } from './diaryTime';
import { AppointmentMessageLog } from './AppointmentMessages';
import { SeriesScopeControl } from './SeriesScopeChoice';
import { StatusActions } from './StatusActions';
import type { AppointmentWrites } from './useAppointmentWrites';

interface Props {
  appointment: DiaryAppointment | null;
  zone: string;
  writes: AppointmentWrites;
  onClose: () => void;
}

const statusLabel = (status: string) =>
  APPOINTMENT_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status;

function Line({ label, value }: { label: string; value: React.ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Group gap="xs" wrap="nowrap" align="start">
      <Text size="sm" c="dimmed" w={110}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}

export function AppointmentPanel({ appointment: a, zone, writes, onClose }: Props) {
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [scope, setScope] = useState<SeriesScope>('this');
  const close = () => {
    setCancelling(false);
    setReason('');
    setScope('this');
    onClose();
  };
  return (
    <Drawer opened={a !== null} onClose={close} position="right" title="Appointment">
      {a && (
        <Stack gap="sm">
          <Text fw={600}>{patientOf(a)}</Text>
          <Badge color={STATUS_COLOURS[a.status]} variant="light">
            {statusLabel(a.status)}
          </Badge>
          <Line label="When" value={whenText(a.start, a.end, zone)} />
          <Line label="Practitioner" value={a.practitioner_name} />
          <Line label="Type" value={a.type_name} />
          <Line label="Room" value={a.room_name} />
          <Line label="Notes" value={a.notes} />
          <Line label="Outside hours" value={a.override_reason} />
          <Line label="Repeats" value={a.series_id !== null ? 'Part of a series' : null} />
          <StatusActions appointment={a} onStatus={writes.setStatus} />
          <Group gap="md">
            <Anchor component={Link} to={`/app/patients/${a.patient_id}`}>
              Open the patient
            </Anchor>
            <Anchor component={Link} to={`/app/appointments/${a.appointment_id}`}>
              Open the appointment record
            </Anchor>
          </Group>
          {isLive(a.status) && !cancelling && (
            <Button color="red" variant="light" onClick={() => setCancelling(true)}>
              Cancel appointment
            </Button>
          )}
          {cancelling && (
            <Stack gap="xs">
              <Textarea
                label="Why is it cancelled?"
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                autosize
                minRows={2}
                data-autofocus
              />
              {a.series_id !== null && <SeriesScopeControl value={scope} onChange={setScope} />}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setCancelling(false)}>
                  Keep it
                </Button>
                <Button
                  color="red"
                  disabled={reason.trim() === ''}
                  onClick={() =>
                    void writes
                      .cancel(
                        a.appointment_id,
                        reason.trim(),
                        a.series_id !== null ? scope : undefined,
                      )
                      .then((ok) => ok && close())
                  }
                >
                  Cancel appointment
                </Button>
              </Group>
            </Stack>
          )}
          <AppointmentMessageLog appointmentId={a.appointment_id} />
        </Stack>
      )}
    </Drawer>
  );
}
