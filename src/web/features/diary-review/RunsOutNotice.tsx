/**
 * On the patient's record, under the alert banner: "Medicine runs out on 17/12/2026 — nothing
 * is booked", with Book, when the patient is due for review (diary/get_due_for_review).
 */
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { runsOutText } from '../../../shared/diary/review';
import { displayDate } from '../../../shared/entities/merge-fields';
import { bookForPatientPath } from '../diary/diaryRoute';
import { useDueForReview } from './useDueForReview';

export function RunsOutNotice({ patientId }: { patientId: number }) {
  const due = useDueForReview(patientId).data?.patients[0];
  if (!due) return null;
  return (
    <Text size="sm" role="status" data-testid="runs-out-notice">
      <strong>Medicine runs out on {displayDate(due.runs_out_on)}</strong> (
      {runsOutText(due.days_left)}) — nothing is booked.{' '}
      <Anchor component={Link} to={bookForPatientPath(patientId)}>
        Book
      </Anchor>
    </Text>
  );
}
