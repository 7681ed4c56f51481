/** `/app/audit_trail`: the whole audit trail for admins, filtered, paged and exported as CSV. */
import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { AuditLinesTable } from './AuditLinesTable';
import { ACTION_OPTIONS, ENTITY_OPTIONS, useAuditTrail } from './useAuditTrail';

export function AuditTrailPage() {
  const audit = useAuditTrail();
  const { values, set } = audit;
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        Audit trail
      </Title>
      {!audit.admin ? (
        <Text c="dimmed">Only administrators see the whole audit trail.</Text>
      ) : (
        <>
          <Paper withBorder p="sm" component="section" aria-label="Filters">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
              <Select
                label="User"
                data={audit.users}
                value={values.user}
                onChange={(user) => set({ user })}
                searchable
                clearable
              />
              <Select
                label="Record type"
                data={ENTITY_OPTIONS}
                value={values.entity}
                onChange={(entity) => set({ entity })}
                searchable
                clearable
              />
              <Select
                label="Action"
                data={ACTION_OPTIONS}
                value={values.action}
                onChange={(action) => set({ action })}
                clearable
              />
              <TextInput
                label="From"
                type="date"
                value={values.from}
                onChange={(e) => set({ from: e.currentTarget.value })}
              />
              <TextInput
                label="To"
                type="date"
                value={values.to}
                onChange={(e) => set({ to: e.currentTarget.value })}
              />
            </SimpleGrid>
            <Group mt="sm">
              <Button variant="default" size="xs" onClick={audit.clear}>
                Clear filters
              </Button>
              <Button size="xs" loading={audit.exporting} onClick={audit.exportCsv}>
                Export CSV
              </Button>
            </Group>
          </Paper>
          <AuditLinesTable
            trail={audit.trail}
            label="Audit trail"
            emptyText="No entries match these filters."
          />
        </>
      )}
    </Stack>
  );
}
