/** Booking an appointment: the clicked slot's time and column, filled in; a patient to choose. */
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { SERIES_COUNT_MAX } from '../../../shared/diary/calls';
import { TypeaheadSelect } from '../../entity/pickers/TypeaheadSelect';
import { useBooking, type NewPatient } from './useBooking';
import type { BookingStart } from './useDiary';
import type { DiaryReference } from './useDiaryReference';

interface Props {
  start: BookingStart;
  zone: string;
  reference: DiaryReference;
  onClose: () => void;
}

const options = (rows: ReadonlyArray<{ id: number; name: string }>) =>
  rows.map((r) => ({ value: String(r.id), label: r.name }));

const PATIENT_FIELDS: ReadonlyArray<{ field: keyof NewPatient; label: string; type?: string }> = [
  { field: 'first', label: 'First name' },
  { field: 'last', label: 'Last name' },
  { field: 'dob', label: 'Date of birth', type: 'date' },
  { field: 'email', label: 'E-mail', type: 'email' },
  { field: 'phone', label: 'Phone', type: 'tel' },
];

/** Mounted afresh for each booking (keyed by the page), so its state starts from `start`. */
export function BookingForm({ start, zone, reference, onClose }: Props) {
  const form = useBooking(start, zone, reference, onClose);
  return (
    <Modal opened onClose={onClose} title="New appointment" size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit();
        }}
      >
        <Stack gap="sm">
          <Switch
            label="New patient"
            checked={form.creating}
            onChange={(e) => form.setCreating(e.currentTarget.checked)}
          />
          {form.creating ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {PATIENT_FIELDS.map(({ field, label, type }) => (
                <TextInput
                  key={field}
                  label={label}
                  type={type}
                  required={field === 'first' || field === 'last'}
                  value={form.patient[field]}
                  onChange={(e) => form.setPatientField(field, e.currentTarget.value)}
                />
              ))}
            </SimpleGrid>
          ) : (
            <TypeaheadSelect
              entities="patients"
              label="Patient"
              withAsterisk
              value={form.patientId}
              onChange={(id) => form.setPatientId(id === null ? null : Number(id))}
              placeholder="Type a name"
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Practitioner"
              required
              data={options(reference.practitioners)}
              value={form.practitionerId ? String(form.practitionerId) : null}
              onChange={(v) => form.setPractitionerId(v ? Number(v) : null)}
            />
            <Select
              label="Type"
              clearable
              data={options(reference.appointmentTypes)}
              value={form.typeId ? String(form.typeId) : null}
              onChange={(v) => form.setTypeId(v ? Number(v) : null)}
            />
            <TextInput
              label="Day"
              type="date"
              required
              value={form.date}
              onChange={(e) => form.setDate(e.currentTarget.value)}
            />
            <TextInput
              label="Time"
              type="time"
              required
              value={form.time}
              onChange={(e) => form.setTime(e.currentTarget.value)}
            />
            <NumberInput
              label="Minutes"
              min={5}
              max={600}
              step={5}
              value={form.minutes}
              onChange={(v) => form.setMinutes(Number(v) || 0)}
            />
          </SimpleGrid>
          <Switch
            label="Repeats"
            checked={form.repeats}
            onChange={(e) => form.setRepeats(e.currentTarget.checked)}
          />
          {form.repeats && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <NumberInput
                label="Every (weeks)"
                min={1}
                max={52}
                value={form.everyWeeks}
                onChange={(v) => form.setEveryWeeks(Number(v) || 1)}
              />
              <SegmentedControl
                aria-label="Ends"
                value={form.endsBy}
                onChange={(v) => form.setEndsBy(v === 'until' ? 'until' : 'count')}
                data={[
                  { value: 'count', label: 'After' },
                  { value: 'until', label: 'On a day' },
                ]}
                style={{ alignSelf: 'end' }}
              />
              {form.endsBy === 'count' ? (
                <NumberInput
                  label="Times"
                  min={2}
                  max={SERIES_COUNT_MAX}
                  value={form.count}
                  onChange={(v) => form.setCount(Number(v) || 0)}
                />
              ) : (
                <TextInput
                  label="Last day"
                  type="date"
                  value={form.until}
                  onChange={(e) => form.setUntil(e.currentTarget.value)}
                />
              )}
            </SimpleGrid>
          )}
          <Textarea
            label="Notes"
            value={form.notes}
            onChange={(e) => form.setNotes(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          {form.error && (
            <Alert color="red" role="alert">
              {form.error}
            </Alert>
          )}
          {form.warning && (
            <Alert color="yellow" role="alert" title="Outside working hours">
              {form.warning}
              <Textarea
                mt="xs"
                label="Reason to book anyway"
                value={form.reason}
                onChange={(e) => form.setReason(e.currentTarget.value)}
                autosize
              />
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" disabled={!form.ready} loading={form.busy}>
              {form.warning ? 'Book anyway' : 'Book'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
