/**
 * `/app/stock`: receive a batch, count the batches (stock take) and write off expired stock.
 * Every change is a row of the stock ledger; nothing here sets a stock figure.
 */
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useStock } from './useStock';

type Stock = ReturnType<typeof useStock>;

function ReceiveForm({
  form,
  options,
}: {
  form: Stock['receiveForm'];
  options: Stock['productOptions'];
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="receive-title">
      <Title order={2} size="h4" id="receive-title" mb="sm">
        Receive a batch
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void form.receive();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Product"
            data={options}
            value={form.productId}
            onChange={form.setProductId}
            searchable
            required
          />
          <TextInput
            label="Batch number"
            value={form.batchName}
            onChange={(e) => form.setBatchName(e.currentTarget.value)}
            required
          />
          <TextInput
            label="Supplier"
            value={form.supplier}
            onChange={(e) => form.setSupplier(e.currentTarget.value)}
          />
          <TextInput
            label="Expiry"
            type="date"
            value={form.expiry}
            onChange={(e) => form.setExpiry(e.currentTarget.value)}
          />
          <TextInput
            label="Quantity received"
            description="With its unit, e.g. 2 l or 500 g"
            value={form.quantity}
            onChange={(e) => form.setQuantity(e.currentTarget.value)}
            error={form.quantityInvalid ? 'Not a quantity of this product’s kind.' : undefined}
            required
          />
        </SimpleGrid>
        <Group mt="md">
          <Button type="submit" disabled={!form.ready}>
            Receive
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

function StockTake({ stock }: { stock: Stock }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="stock-take-title">
      <Title order={2} size="h4" id="stock-take-title" mb="sm">
        Stock take
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Enter what you count; the differences are booked to the ledger. Batches left blank are not
        changed.
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Batch</Table.Th>
              <Table.Th>Expiry</Table.Th>
              <Table.Th>On hand</Table.Th>
              <Table.Th>Counted</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stock.counts.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>{row.expiry}</Table.Td>
                <Table.Td>{row.onHand}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Counted ${row.label}`}
                    value={row.counted}
                    onChange={(e) => stock.setCount(row.id, e.currentTarget.value)}
                    error={row.invalid ? 'Not a quantity' : undefined}
                    size="xs"
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group mt="md">
        <Button onClick={() => void stock.bookCounts()}>Book differences</Button>
        <Button variant="default" onClick={() => void stock.writeOff()}>
          Write off expired stock
        </Button>
      </Group>
      {stock.booked && (
        <Alert mt="md" variant="light" title="Booked" role="status">
          {stock.booked.length === 0 ? 'Every batch was counted right.' : stock.booked.join('; ')}
        </Alert>
      )}
    </Paper>
  );
}

export function StockPage() {
  const stock = useStock();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Stock
      </Title>
      <ReceiveForm form={stock.receiveForm} options={stock.productOptions} />
      <StockTake stock={stock} />
    </Stack>
  );
}
