/**
 * "Due for review": patients whose medicine runs out within the diary's review days (or ran out
 * lately) with nothing booked — each with Book (the diary's booking form for the patient) and
 * Send rebooking e-mail. Exported for the diary screen; also the page /app/diary/review.
 */
import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { runsOutText, type DueForReview } from '../../../shared/diary/review';
import { displayDate } from '../../../shared/entities/merge-fields';
import { bookForPatientPath } from '../diary/diaryRoute';
import { useDueForReview, useMayReview, useSendRebooking } from './useDueForReview';

export function DueForReviewPanel() {
  const may = useMayReview();
  const due = useDueForReview();
  if (!may) return null;
  const answer = due.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="due-for-review-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="due-for-review-title">
            Due for review
          </Title>
          <Text size="sm" c="dimmed">
            {answer
              ? `Medicine runs out within ${answer.within_days} days, or ran out in the last ${answer.within_days}, and nothing is booked.`
              : 'Patients whose medicine runs out soon and who have nothing booked.'}
          </Text>
        </div>
        {due.isPending && <Loader size="sm" aria-label="Loading" />}
        {due.isError && (
          <Text c="red" size="sm" role="alert">
            The list could not be read. Try again in a moment.
          </Text>
        )}
        {answer && answer.patients.length === 0 && <Text size="sm">Nobody is due for review.</Text>}
        {answer && answer.patients.length > 0 && (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {answer.patients.map((row) => (
              <DueRow key={row.patient_id} row={row} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function DueRow({ row }: { row: DueForReview }) {
  const send = useSendRebooking();
  const mayInvite = useMayReview('insert');
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="due-for-review-row"
    >
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Anchor component={Link} to={`/app/patients/${row.patient_id}`} fw={700}>
          {row.patient_name}
        </Anchor>
        <Text size="sm">
          <Text span fw={700} size="sm">
            {displayDate(row.runs_out_on)}
          </Text>{' '}
          {runsOutText(row.days_left)} ·{' '}
          {/* Underlined: inside a line of text, colour alone does not mark it (axe). */}
          <Anchor
            component={Link}
            to={`/app/prescriptions/${row.prescription_id}`}
            size="sm"
            underline="always"
          >
            {row.prescription_name || 'Prescription'}
          </Anchor>
        </Text>
        <Text size="xs" c="dimmed">
          {[
            row.has_email ? 'e-mail' : 'no e-mail',
            row.has_phone ? 'phone' : 'no phone',
            row.rebooking_sent_at
              ? `invited ${displayDate(row.rebooking_sent_at.slice(0, 10))}`
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
      <Group gap="xs" wrap="wrap">
        <Button component={Link} to={bookForPatientPath(row.patient_id)} size="xs">
          Book
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={!row.has_email || !mayInvite}
          title={row.has_email ? undefined : 'No e-mail address: phone the patient.'}
          loading={send.isPending && send.variables === row.patient_id}
          onClick={() => send.mutate(row.patient_id)}
          aria-label={`Send rebooking e-mail to ${row.patient_name}`}
        >
          Send rebooking e-mail
        </Button>
      </Group>
    </Group>
  );
}
