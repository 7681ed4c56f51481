/** The confirmation: the time in the clinic's zone, the reference, and what happens next. */
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MANAGE_PATH, type Booked } from '../../../shared/booking';
import { useSession } from '../../session/store';
import { whenIn } from './when';

export function BookingDone({
  booked,
  zone,
  policy,
}: {
  booked: Booked;
  zone: string;
  policy: string;
}) {
  const company = useSession((s) => s.company_slug);
  const manage = `${MANAGE_PATH}?${new URLSearchParams({ token: booked.manage_token, ...(company ? { company } : {}) }).toString()}`;
  return (
    <Stack gap="md" data-testid="booking-done">
      <Title order={2} size="h3">
        You are booked
      </Title>
      <Alert color="positive" variant="light" role="status">
        {whenIn(booked.start, zone)}. Your reference is {booked.reference}.
      </Alert>
      <Text size="sm">
        We have sent a confirmation by e-mail, with a calendar invitation and a link to change or
        cancel the appointment. Please arrive a few minutes early.
      </Text>
      {policy && <Text size="sm">{policy}</Text>}
      <Anchor component={Link} to={manage}>
        Change or cancel this booking
      </Anchor>
    </Stack>
  );
}
