/**
 * Audit lines as a table: when, who, what, which record (by its label where known), from which address, and each changed
 * field as "label: before → after". Wider than a phone, so it scrolls sideways there.
 */
import { Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { AuditLine } from '../../../shared/audit-trail';
import { whenText, type AuditLines } from './useAuditLines';
import classes from './Audit.module.css';
import { useRecordLabels } from './useRecordLabels';

const EMPTY = '—';

function Changes({ line }: { line: AuditLine }) {
  if (line.changes.length === 0) return null;
  return (
    <ul className={classes.changes}>
      {line.changes.map((c) => (
        <li key={c.field}>
          <Text span fw={600} size="sm">
            {c.label}:
          </Text>{' '}
          <Text span size="sm" className={classes.before}>
            {c.before || EMPTY}
          </Text>{' '}
          →{' '}
          <Text span size="sm">
            {c.after || EMPTY}
          </Text>
        </li>
      ))}
    </ul>
  );
}

export function AuditLinesTable({
  trail,
  label,
  emptyText,
  showUser = true,
}: {
  trail: AuditLines;
  /** The table's accessible name. */
  label: string;
  emptyText: string;
  showUser?: boolean;
}) {
  const recordOf = useRecordLabels(trail.lines);
  if (trail.loading) return <Loader size="sm" aria-label={`Loading ${label.toLowerCase()}`} />;
  if (trail.failed)
    return (
      <Text size="sm" c="negative">
        The {label.toLowerCase()} could not be loaded.
      </Text>
    );
  if (trail.lines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return (
    <Stack gap="sm">
      {/* Focusable, so that a keyboard can scroll it sideways on a phone. */}
      <div className={classes.scroll} tabIndex={0} role="region" aria-label={`${label} entries`}>
        <Table miw={720} aria-label={label} striped verticalSpacing="xs" data-audit-lines>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              {showUser && <Table.Th>Who</Table.Th>}
              <Table.Th>Action</Table.Th>
              <Table.Th>Record</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>Changes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {trail.lines.map((line) => (
              <Table.Tr key={line.audit_id} data-audit-action={line.action}>
                <Table.Td className={classes.nowrap}>{whenText(line.at)}</Table.Td>
                {showUser && <Table.Td>{line.user_name || EMPTY}</Table.Td>}
                <Table.Td>{line.action_label}</Table.Td>
                <Table.Td>{recordOf(line)}</Table.Td>
                <Table.Td>{line.ip || EMPTY}</Table.Td>
                <Table.Td>
                  <Changes line={line} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {trail.hasMore && (
        <Group>
          <Button variant="light" size="xs" loading={trail.loadingMore} onClick={trail.loadMore}>
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
