/**
 * `/book/manage?token=…`: the page a confirmation's link opens. It shows the booking and, outside
 * the type's cancellation notice, cancels it or moves it to another free time; inside the notice
 * it says whom to call.
 */
import '../../theme/allStyles';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Slot } from '../../../shared/booking';
import { Captcha } from '../login/Captcha';
import { SlotPicker } from './SlotPicker';
import { useManageBooking } from './useManageBooking';
import { PublicAppointment } from './PublicAppointment';
import { whenIn } from './when';

const STATUS_TEXT = { booked: 'Booked', cancelled: 'Cancelled', passed: 'Past' } as const;

export function ManageBookingPage() {
  const [params] = useSearchParams();
  const manage = useManageBooking(params.get('token') ?? '');
  const [moving, setMoving] = useState(false);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [sure, setSure] = useState(false);
  const { booking, problem, notice } = manage;
  if (!booking)
    return problem ? (
      <Alert color="negative" variant="light" role="alert" title="Your booking">
        {problem}
      </Alert>
    ) : (
      <Loader mx="auto" aria-label="Loading" />
    );
  const zone = booking.time_zone;
  const phone = booking.clinic_phone ? ` on ${booking.clinic_phone}` : '';
  return (
    <Stack gap="md" data-testid="manage-booking">
      <Title order={2} size="h3">
        Your booking
      </Title>
      <PublicAppointment
        notice={notice}
        problem={problem}
        typeName={booking.type_name}
        start={booking.start}
        end={booking.end}
        zone={zone}
      >
        <Text size="sm">With {booking.practitioner_name}</Text>
        <Text size="sm">
          Reference {booking.reference} · {STATUS_TEXT[booking.status]}
        </Text>
      </PublicAppointment>
      {booking.status === 'booked' && !booking.can_change && (
        <Alert color="warning" variant="light" role="status">
          It is too close to the appointment to change it online. Please call {booking.clinic_name}
          {phone}.
        </Alert>
      )}
      {booking.can_change && !moving && (
        <>
          <Text size="sm">
            You can change or cancel online until {whenIn(booking.change_until, zone)}.
          </Text>
          <Group grow>
            <Button variant="default" onClick={() => setMoving(true)}>
              Move to another time
            </Button>
            {sure ? (
              <Button
                color="negative"
                loading={manage.pending}
                onClick={() => void manage.cancel()}
              >
                Yes, cancel it
              </Button>
            ) : (
              <Button color="negative" variant="light" onClick={() => setSure(true)}>
                Cancel appointment
              </Button>
            )}
          </Group>
        </>
      )}
      {booking.can_change && moving && (
        <Stack gap="sm">
          <SlotPicker
            typeId={booking.appointment_type_id}
            practitionerId={booking.practitioner_id}
            zone={zone}
            value={slot}
            onChange={setSlot}
          />
          {manage.captchaShown && <Captcha onChange={manage.setCaptcha} resetKey={0} />}
          <Group grow>
            <Button variant="default" onClick={() => setMoving(false)}>
              Keep the time I have
            </Button>
            <Button
              disabled={!slot}
              loading={manage.pending}
              onClick={() => {
                if (slot) void manage.move(slot).then(() => setMoving(false));
              }}
            >
              Move to this time
            </Button>
          </Group>
        </Stack>
      )}
      {booking.cancellation_policy && (
        <Text size="xs" c="dimmed">
          {booking.cancellation_policy}
        </Text>
      )}
    </Stack>
  );
}
