/**
 * `/book`: the public booking page, beside the landing page and found the same way (the host
 * name or `?company=`). Pick a type, a practitioner or anyone, a day and a free time; give your
 * details; solve the captcha when asked; see the confirmation.
 */
import '../../theme/allStyles';
import { Alert, Loader, Select, Stack, Text, Title } from '@mantine/core';
import type { BookableType } from '../../../shared/booking';
import { BookingDetails } from './BookingDetails';
import { BookingDone } from './BookingDone';
import { SlotPicker } from './SlotPicker';
import { useBookingFlow } from './useBookingFlow';

const ANYONE = 'anyone';

function typeLabel(t: BookableType, currency: string): string {
  const price =
    t.price > 0 && currency
      ? ` · ${new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(t.price)}`
      : '';
  return `${t.name} · ${t.duration_minutes} min${price}`;
}

export function BookingPage() {
  const flow = useBookingFlow();
  const { options } = flow;
  if (flow.closed)
    return (
      <Alert color="warning" variant="light" role="alert" title="Online booking">
        {flow.closed}
      </Alert>
    );
  if (!options) return <Loader mx="auto" aria-label="Loading" />;
  const zone = options.time_zone;
  if (flow.booked)
    return <BookingDone booked={flow.booked} zone={zone} policy={options.cancellation_policy} />;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Book an appointment
      </Title>
      {options.booking_intro && <Text size="sm">{options.booking_intro}</Text>}
      {options.appointment_types.length === 0 ? (
        <Alert color="warning" variant="light" role="status">
          Nothing can be booked online at the moment. Please call the clinic.
        </Alert>
      ) : (
        <>
          <Select
            label="Appointment"
            placeholder="Choose an appointment"
            data={options.appointment_types.map((t) => ({
              value: String(t.appointment_type_id),
              label: typeLabel(t, options.currency),
            }))}
            value={flow.typeId === null ? null : String(flow.typeId)}
            onChange={(v) => flow.chooseType(v ? Number(v) : null)}
            allowDeselect={false}
          />
          {flow.type && (
            <Select
              label="Practitioner"
              data={[
                { value: ANYONE, label: 'Anyone' },
                ...flow.practitioners.map((p) => ({ value: String(p.user_id), label: p.name })),
              ]}
              value={flow.practitionerId === null ? ANYONE : String(flow.practitionerId)}
              onChange={(v) => flow.choosePractitioner(v && v !== ANYONE ? Number(v) : null)}
              allowDeselect={false}
            />
          )}
          {flow.problem && !flow.slot && (
            <Alert color="negative" variant="light" role="alert" data-testid="booking-problem">
              {flow.problem.text}
            </Alert>
          )}
          {flow.type && (
            <SlotPicker
              typeId={flow.typeId}
              practitionerId={flow.practitionerId}
              zone={zone}
              value={flow.slot}
              onChange={flow.setSlot}
              refresh={flow.refresh}
            />
          )}
          <BookingDetails flow={flow} zone={zone} />
          {options.cancellation_policy && (
            <Text size="xs" c="dimmed">
              {options.cancellation_policy} Times are in {zone}.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
