/** The dashboard's "Reorder and expiry": products below reorder level, batches expiring soon. */
import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { EXPIRY_WINDOWS, useStockAlerts } from './useStockAlerts';

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
            <Table aria-labelledby="reorder-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>In stock</Table.Th>
                  <Table.Th>Reorder level</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.reorder.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor component={Link} to={r.to} size="sm">
                        {r.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{r.stock}</Table.Td>
                    <Table.Td>{r.level}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
        <Paper withBorder p="md">
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
            <Table aria-labelledby="expiring-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Batch</Table.Th>
                  <Table.Th>Expiry</Table.Th>
                  <Table.Th>On hand</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.expiring.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>
                      <Anchor component={Link} to={b.to} size="sm">
                        {b.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{b.expiry}</Table.Td>
                    <Table.Td>{b.quantity}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </SimpleGrid>
    </section>
  );
}
