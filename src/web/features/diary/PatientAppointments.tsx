/**
 * The patient screen's slot `patient_appointments`: their next and past appointments, each
 * opening the appointment's record, and Book, which opens the diary's booking form for them.
 */
import { Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { APPOINTMENT_STATUS_OPTIONS } from '../../../shared/diary/statuses';
import type { SlotProps } from '../../entity/extras/extraViews';
import { STATUS_COLOURS } from './calendarEvents';
import type { DiaryAppointment } from './diaryApi';
import { whenText } from './diaryTime';
import { bookForPatientPath } from './diaryRoute';
import { useClinicZone, useDiaryReference } from './useDiaryReference';
import { usePatientAppointments } from './usePatientAppointments';

const statusLabel = (status: string) =>
  APPOINTMENT_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status;

interface RowsProps {
  title: string;
  rows: DiaryAppointment[];
  zone: string;
  names: ReadonlyMap<number, string>;
}

function Rows({ title, rows, zone, names }: RowsProps) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          None.
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.appointment_id}>
                <Table.Td>
                  <Anchor component={Link} to={`/app/appointments/${a.appointment_id}`} size="sm">
                    {whenText(a.start, a.end, zone)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {[names.get(a.practitioner_id), a.type_name].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOURS[a.status]} variant="light">
                    {statusLabel(a.status)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export function PatientAppointments({ rowId }: SlotProps) {
  const zone = useClinicZone();
  const patientId = Number(rowId);
  const list = usePatientAppointments(patientId);
  const { practitioners } = useDiaryReference();
  const names = new Map(practitioners.map((p) => [p.id, p.name]));
  return (
    <Stack gap="sm" data-slot="patient_appointments">
      <Group>
        <Button component={Link} to={bookForPatientPath(patientId)} size="xs">
          Book
        </Button>
      </Group>
      {list.loading ? (
        <Loader size="sm" aria-label="Loading appointments" />
      ) : list.failed ? (
        <Text size="sm" c="red">
          The appointments could not be read.
        </Text>
      ) : (
        <>
          <Rows title="Next" rows={list.next} zone={zone} names={names} />
          <Rows title="Past" rows={list.past} zone={zone} names={names} />
        </>
      )}
    </Stack>
  );
}
