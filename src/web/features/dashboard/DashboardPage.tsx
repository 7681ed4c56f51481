/** `/app`: the dashboard — counts, monthly charts, dispensary stock and the user's favourites. */
import { Alert, SimpleGrid, Stack, Title } from '@mantine/core';
import { lazy } from 'react';
import { withTimeout } from '../../app/lazy';
import { ChartCard } from './ChartCard';
import { DashboardFavourites } from './DashboardFavourites';
import { RecordCounts } from './RecordCounts';
import { StockLevels } from './StockLevels';
import { useDashboard, type MonthBar } from './useDashboard';

const MonthChart = lazy(async () => ({
  default: (await withTimeout(import('./charts'))).MonthChart,
}));
const StockChart = lazy(async () => ({
  default: (await withTimeout(import('./charts'))).StockChart,
}));

const monthRows = (bars: MonthBar[]) =>
  bars.map((b) => ({ label: b.label, value: String(b.count) }));
const noneIn = (bars: MonthBar[]) => bars.every((b) => b.count === 0);

export function DashboardPage() {
  const d = useDashboard();
  const lowStock =
    d.lowStockCount === null
      ? ''
      : d.lowStockCount === 0
        ? ' — none below reorder level'
        : ` — ${d.lowStockCount} below reorder level`;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {d.firstName ? `Welcome, ${d.firstName}` : 'Welcome'}
      </Title>
      {d.failed && (
        <Alert color="negative" variant="light" title="Figures not available">
          The dashboard figures could not be loaded. Try again later.
        </Alert>
      )}
      <RecordCounts counts={d.counts} />
      {(d.newPatients || d.prescriptions) && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {d.newPatients && (
            <ChartCard
              id="chart-new-patients"
              title="New patients per month"
              empty={noneIn(d.newPatients) ? 'No new patients in the last 12 months.' : null}
              rows={monthRows(d.newPatients)}
              valueHeading="New patients"
            >
              <MonthChart bars={d.newPatients} series="New patients" />
            </ChartCard>
          )}
          {d.prescriptions && (
            <ChartCard
              id="chart-prescriptions"
              title="Prescriptions per month"
              empty={noneIn(d.prescriptions) ? 'No prescriptions in the last 12 months.' : null}
              rows={monthRows(d.prescriptions)}
              valueHeading="Prescriptions"
            >
              <MonthChart bars={d.prescriptions} series="Prescriptions" />
            </ChartCard>
          )}
        </SimpleGrid>
      )}
      {d.stock && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <ChartCard
            id="chart-stock"
            title={`Dispensary stock${lowStock}`}
            empty={d.stock.length === 0 ? 'No dispensary product has a reorder level yet.' : null}
            rows={d.stock.map((b) => ({ label: b.name, value: `${b.percent}%` }))}
            valueHeading="Stock as % of reorder level"
          >
            <StockChart bars={d.stock} />
          </ChartCard>
          {d.stock.length > 0 && (
            <section aria-labelledby="stock-levels-title">
              <Title order={2} size="h5" id="stock-levels-title" mb="sm">
                Stock against reorder level
              </Title>
              <StockLevels bars={d.stock} />
            </section>
          )}
        </SimpleGrid>
      )}
      <DashboardFavourites favourites={d.favourites} />
    </Stack>
  );
}
