/**
 * `/app`: the dashboard — counts, the stock bars and the user's favourites first, then the
 * charts, whose library loads only when a chart comes into view (see ChartCard).
 */
import { Alert, SimpleGrid, Stack, Title } from '@mantine/core';
import { lazy } from 'react';
import { withTimeout } from '../../app/lazy';
import { ChartCard } from './ChartCard';
import { DashboardFavourites } from './DashboardFavourites';
import { RecordCounts } from './RecordCounts';
import { StockAlerts } from './StockAlerts';
import { StockLevels } from './StockLevels';
import { useDashboard, type MonthBar } from './useDashboard';

const MonthChart = lazy(async () => ({
  default: (await withTimeout(import('./charts'))).MonthChart,
}));
const StockChart = lazy(async () => ({
  default: (await withTimeout(import('./charts'))).StockChart,
}));

const MONTH_CHART_HEIGHT = 220;
const stockChartHeight = (bars: number) => Math.max(160, bars * 36);

const monthRows = (bars: MonthBar[]) =>
  bars.map((b) => ({ label: b.label, value: String(b.count) }));
const noneIn = (bars: MonthBar[]) => bars.every((b) => b.count === 0);

function lowStockText(count: number | null): string {
  if (count === null) return '';
  return count === 0 ? ' — none below reorder level' : ` — ${count} below reorder level`;
}

/** One month chart: new patients, or prescriptions, per month for the last 12 months. */
function MonthCard({ id, series, bars }: { id: string; series: string; bars: MonthBar[] }) {
  return (
    <ChartCard
      id={id}
      title={`${series} per month`}
      empty={noneIn(bars) ? `No ${series.toLowerCase()} in the last 12 months.` : null}
      rows={monthRows(bars)}
      valueHeading={series}
      height={MONTH_CHART_HEIGHT}
    >
      <MonthChart bars={bars} series={series} height={MONTH_CHART_HEIGHT} />
    </ChartCard>
  );
}

export function DashboardPage() {
  const d = useDashboard();
  const anyChart = d.newPatients || d.prescriptions || d.stock;
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
      {d.stock && d.stock.length > 0 && (
        <section aria-labelledby="stock-levels-title">
          <Title order={2} size="h4" id="stock-levels-title" mb="sm">
            Stock against reorder level{lowStockText(d.lowStockCount)}
          </Title>
          <StockLevels bars={d.stock} />
        </section>
      )}
      {/* Shown to those who may list the dispensary: the figures' stock part says so. */}
      {d.stock && <StockAlerts />}
      <DashboardFavourites favourites={d.favourites} />
      {anyChart && (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {d.newPatients && (
            <MonthCard id="chart-new-patients" series="New patients" bars={d.newPatients} />
          )}
          {d.prescriptions && (
            <MonthCard id="chart-prescriptions" series="Prescriptions" bars={d.prescriptions} />
          )}
          {d.stock && (
            <ChartCard
              id="chart-stock"
              title="Dispensary stock as % of reorder level"
              empty={d.stock.length === 0 ? 'No dispensary product has a reorder level yet.' : null}
              rows={d.stock.map((b) => ({ label: b.name, value: `${b.percent}%` }))}
              valueHeading="Stock as % of reorder level"
              height={stockChartHeight(d.stock.length)}
            >
              <StockChart bars={d.stock} height={stockChartHeight(d.stock.length)} />
            </ChartCard>
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}
