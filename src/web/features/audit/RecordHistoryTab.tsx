/**
 * The patient's "Record history" tab (named so, beside "Prescriptions and letters", that nobody
 * takes one for the other): who viewed, created, changed, printed or exported the record and its
 * letters and prescriptions, when and from which address.
 */
import { Stack, Text } from '@mantine/core';
import type { ExtraTabProps } from '../../entity/extras/extraViews';
import { AuditLinesTable } from './AuditLinesTable';
import { useAuditLines } from './useAuditLines';

export function RecordHistoryTab({ rowId }: ExtraTabProps) {
  const trail = useAuditLines('audit/get_patient_history', { patient_id: rowId });
  return (
    <Stack gap="sm" mt="md" data-extra-tab="record_history">
      <Text size="sm" c="dimmed">
        Everyone who opened, created, changed or printed this record or its letters and
        prescriptions, newest first.
      </Text>
      <AuditLinesTable
        trail={trail}
        label="Record history"
        emptyText="Nothing has been recorded for this patient yet."
      />
    </Stack>
  );
}
