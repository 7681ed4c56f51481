/**
 * The dashboard's "Reorder and expiry": products below reorder level, batches past their expiry
 * (red, apart: they are never dispensed, so never "expiring") and batches expiring soon.
 */
import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { EXPIRY_WINDOWS, useStockAlerts } from './useStockAlerts';
import { displayDate } from '../../../shared/show-value';

interface LinkRow {
  id: number;
  name: string;
  to: string;
  cells: string[];
}

/** A table whose first column links to the record: the reorder list and the batch lists. */
function LinkTable(props: {
  labelledBy: string;
  headings: string[];
  rows: LinkRow[];
  /** A colour for the cells after the link (the expired batches' red). */
  tone?: string;
}) {
  return (
    <Table aria-labelledby={props.labelledBy}>
      <Table.Thead>
        <Table.Tr>
          {props.headings.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              <Anchor component={Link} to={row.to} size="sm">
                {row.name}
              </Anchor>
            </Table.Td>
            {row.cells.map((cell, i) => (
              <Table.Td key={i} c={props.tone}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function StockAlerts() {
  const a = useStockAlerts();
  if (!a.loaded) return null;
  return (
    <section aria-labelledby="stock-alerts-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="stock-alerts-title">
          Reorder and expiry
        </Title>
        <Button component={Link} to="/app/stock" variant="default" size="xs">
          Receive and count stock
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder p="md">
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h5" id="reorder-title">
              Below reorder level
            </Title>
            <Button size="xs" variant="light" onClick={a.download} disabled={!a.reorder.length}>
              Download reorder list (CSV)
            </Button>
          </Group>
          {a.reorder.length === 0 ? (
            <Text size="sm">No product is below its reorder level.</Text>
          ) : (
            <LinkTable
              labelledBy="reorder-title"
              headings={['Product', 'In stock', 'Reorder level']}
              rows={a.reorder.map((r) => ({ ...r, cells: [r.stock, r.level] }))}
            />
          )}
        </Paper>
        <Paper withBorder p="md">
          {a.expired.length > 0 && (
            <Stack gap={4} mb="md" data-expired-batches>
              <Title order={3} size="h5" id="expired-title" c="negative">
                Expired batches
              </Title>
              <LinkTable
                labelledBy="expired-title"
                headings={['Batch', 'Expiry', 'On hand']}
                tone="negative"
                rows={a.expired.map((b) => ({
                  ...b,
                  cells: [`Expired ${displayDate(b.expiry)}`, b.quantity],
                }))}
              />
              <Text size="xs" c="dimmed">
                Never dispensed: write them off on the stock page.
              </Text>
            </Stack>
          )}
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h5" id="expiring-title">
              Expiring batches
            </Title>
            <Select
              label="Expiring within"
              size="xs"
              w={140}
              allowDeselect={false}
              data={EXPIRY_WINDOWS.map((d) => ({ value: String(d), label: `${d} days` }))}
              value={String(a.days)}
              onChange={(value) => a.setDays(Number(value))}
            />
          </Group>
          {a.expiring.length === 0 ? (
            <Text size="sm">No batch expires within {a.days} days.</Text>
          ) : (
            <LinkTable
              labelledBy="expiring-title"
              headings={['Batch', 'Expiry', 'On hand']}
              rows={a.expiring.map((b) => ({ ...b, cells: [displayDate(b.expiry), b.quantity] }))}
            />
          )}
        </Paper>
      </SimpleGrid>
    </section>
  );
}
