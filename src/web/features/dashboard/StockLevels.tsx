/** Stock against reorder level: one bar per product, coloured by percentage. */
import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { StockBar } from './useDashboard';

export function StockLevels({ bars }: { bars: StockBar[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {bars.map((b) => (
        <li key={b.id}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Anchor component={Link} to={b.to} size="sm" truncate>
              {b.name}
            </Anchor>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {b.text} ({b.percent}%)
            </Text>
          </Group>
          <Progress.Root size="md" mt={4} data-testid={`stock-${b.id}`} data-colour={b.colour}>
            <Progress.Section
              value={b.bar}
              color={b.colour}
              aria-label={`${b.name}: stock at ${b.percent}% of reorder level`}
            />
          </Progress.Root>
        </li>
      ))}
    </Stack>
  );
}
