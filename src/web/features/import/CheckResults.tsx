/** The dry run's answer: what would be added and updated, and every row's errors with Skip. */
import { Alert, Button, Checkbox, List, Stack, Table, Text } from '@mantine/core';
import { TableHeader } from './TableHeader';
import type { ImportController } from './useImport';

export function CheckResults({ importer }: { importer: ImportController }) {
  const { checked } = importer;
  if (!checked) return null;
  const errors = checked.errors;
  return (
    <Stack gap="xs">
      <Text size="sm" role="status">
        Dry run: {checked.added} to add, {checked.updated} to update, {checked.skipped} skipped,{' '}
        {errors.length} with errors. Nothing has been written yet.
      </Text>
      {errors.length > 0 && (
        <>
          <Alert color="negative" variant="light" title="Rows with errors">
            Fix the file or the mapping and check again, or skip these rows.
          </Alert>
          <Table.ScrollContainer minWidth={320} mah={260}>
            <Table>
              <TableHeader titles={['Row', 'Errors', 'Skip']} />
              <Table.Tbody>
                {errors.map((e) => (
                  <Table.Tr key={e.row}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>
                      <List size="sm">
                        {e.messages.map((m) => (
                          <List.Item key={m}>{m}</List.Item>
                        ))}
                      </List>
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Skip row ${e.row}`}
                        checked={importer.skipped.includes(e.row)}
                        onChange={() => importer.toggleSkip(e.row)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Button variant="default" size="xs" onClick={importer.skipAllBad}>
            Skip every row with errors
          </Button>
        </>
      )}
    </Stack>
  );
}
