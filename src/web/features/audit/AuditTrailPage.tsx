/** `/app/audit_trail`: the whole audit trail for admins, filtered, paged and exported as CSV. */
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AuditLinesTable } from './AuditLinesTable';
import { DateRangeFilter } from '../../entity/list/DateRangeFilter';
import { useAuditTrail, WHEN_FILTER } from './useAuditTrail';

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
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              {audit.choices.map((choice) => (
                <Select
                  key={choice.name}
                  label={choice.label}
                  data={choice.data}
                  value={values[choice.name]}
                  onChange={(value) => set({ [choice.name]: value })}
                  searchable={choice.searchable}
                  clearable
                />
              ))}
              <DateRangeFilter filter={WHEN_FILTER} value={audit.when} onChange={audit.setWhen} />
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
