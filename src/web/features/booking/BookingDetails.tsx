/** The patient's details, the captcha when asked, and the button that books the chosen time. */
import { Alert, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Captcha } from '../login/Captcha';
import type { BookingFlow, Details } from './useBookingFlow';
import { whenIn } from './when';

const FIELDS: { name: keyof Details; label: string; type: string; autoComplete: string }[] = [
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'date_of_birth', label: 'Date of birth', type: 'date', autoComplete: 'bday' },
];

export function BookingDetails({ flow, zone }: { flow: BookingFlow; zone: string }) {
  const { slot, problem } = flow;
  if (!slot) return null;
  const errorOf = (field: string) => (problem?.field === field ? problem.text : undefined);
  return (
    <form onSubmit={(e) => void flow.submit(e)} noValidate aria-labelledby="booking-details-title">
      <Stack gap="sm">
        <Text fw={600} id="booking-details-title">
          Your details
        </Text>
        <Text size="sm">
          {flow.type?.name} on {whenIn(slot.start, zone)}
          {flow.practitionerId === null
            ? ` with ${flow.namesById.get(slot.practitioner_id) ?? ''}`
            : ''}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {FIELDS.map((f) => (
            <TextInput
              key={f.name}
              label={f.label}
              type={f.type}
              autoComplete={f.autoComplete}
              required
              value={flow.details[f.name]}
              onChange={(e) => flow.setDetail(f.name, e.currentTarget.value)}
              error={errorOf(f.name)}
            />
          ))}
        </SimpleGrid>
        {flow.captchaShown && <Captcha onChange={flow.setCaptcha} resetKey={flow.captchaKey} />}
        {problem && !FIELDS.some((f) => f.name === problem.field) && (
          <Alert color="negative" variant="light" role="alert" data-testid="booking-problem">
            {problem.text}
          </Alert>
        )}
        <Button type="submit" loading={flow.pending} fullWidth>
          Book this time
        </Button>
      </Stack>
    </form>
  );
}
