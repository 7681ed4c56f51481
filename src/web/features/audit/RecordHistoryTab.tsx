/**
 * The patient's "Record history" tab (named so, beside "Prescriptions and letters", that nobody
 * takes one for the other): who created, changed, printed or exported the record and its letters
 * and prescriptions, when and from which address; its views counted by month above them, and
 * every view as a line on asking (useRecordHistory).
 */
import { Button, Group, List, Stack, Text } from '@mantine/core';
import type { ExtraTabProps } from '../../entity/extras/extraViews';
import { AuditLinesTable } from './AuditLinesTable';
import { useRecordHistory } from './useRecordHistory';

export function RecordHistoryTab({ rowId }: ExtraTabProps) {
  const history = useRecordHistory(Number(rowId));
  return (
    <Stack gap="sm" mt="md" data-extra-tab="record_history">
      <Text size="sm" c="dimmed">
        {history.everyView
          ? 'Everyone who opened, created, changed or printed this record or its letters and prescriptions, newest first.'
          : 'Who created, changed or printed this record or its letters and prescriptions, newest first; its views are counted by month.'}
      </Text>
      {!history.everyView && history.viewLines.length > 0 && (
        <List size="sm" aria-label="Views" spacing={2}>
          {history.viewLines.map((line) => (
            <List.Item key={line.month}>{line.text}</List.Item>
          ))}
        </List>
      )}
      <Group>
        <Button variant="light" size="xs" onClick={history.toggleViews}>
          {history.everyView ? 'Count the views instead' : 'Show every view'}
        </Button>
      </Group>
      <AuditLinesTable
        trail={history.trail}
        label="Record history"
        emptyText={
          history.everyView
            ? 'Nothing has been recorded for this patient yet.'
            : 'Nothing but views has been recorded for this patient yet.'
        }
      />
    </Stack>
  );
}
