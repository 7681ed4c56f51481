/**
 * Under the letter's text (slot `empty_merge_fields` of patientletters): each merge field that
 * prints nothing, "Patient title is empty for this patient: the letter reads “Dear ,”.", and how
 * to give it a fallback. Nothing is shown while every field has a value.
 */
import { Alert, List, Text } from '@mantine/core';
import type { SlotProps } from './extraViews';
import { useEmptyMergeFields } from './useEmptyMergeFields';

const bodyOf = (value: unknown) => (typeof value === 'string' ? value : '');

export function EmptyMergeFields({ rowId, row }: SlotProps) {
  const { lines } = useEmptyMergeFields(
    Number(rowId),
    bodyOf(row.patientletter_body),
    row.patientletter_patient_id,
  );
  if (lines.length === 0) return null;
  return (
    <Alert
      color="warning"
      title="Empty merge fields"
      mt="xs"
      data-slot="empty_merge_fields"
      // The warning colour on its light background is too pale for the title's small text.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <List size="sm" aria-label="Empty merge fields" spacing={2}>
        {lines.map((line) => (
          <List.Item key={line.key}>{line.text}</List.Item>
        ))}
      </List>
      <Text size="xs" mt={4}>
        A fallback after | is used when a field is empty, e.g.{' '}
        {'{patient.title|patient.first_name}'}.
      </Text>
    </Alert>
  );
}
