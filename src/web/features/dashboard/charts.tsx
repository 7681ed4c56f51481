/**
 * The dashboard's charts (@mantine/charts on recharts). This module is loaded lazily so that the
 * chart library stays out of the shell's JavaScript until the dashboard draws one.
 */
import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import type { MonthBar, StockBar } from './useDashboard';

/** The card hides the drawing from assistive technology (it reads a table), so no tab stop. */
const NOT_FOCUSABLE = { accessibilityLayer: false };

interface ChartProps<B> {
  bars: B[];
  height: number;
}

export function MonthChart({ bars, height, series }: ChartProps<MonthBar> & { series: string }) {
  return (
    <BarChart
      h={height}
      data={bars.map((b) => ({ label: b.label, [series]: b.count }))}
      dataKey="label"
      series={[{ name: series, color: 'primary.6' }]}
      tickLine="y"
      gridAxis="y"
      barChartProps={NOT_FOCUSABLE}
      yAxisProps={{ allowDecimals: false, width: 32 }}
      xAxisProps={{ interval: 'preserveStartEnd' }}
    />
  );
}

const STOCK_SERIES = 'Stock (% of reorder level)';

export function StockChart({ bars, height }: ChartProps<StockBar>) {
  return (
    <BarChart
      h={height}
      data={bars.map((b) => ({ name: b.name, [STOCK_SERIES]: b.percent }))}
      dataKey="name"
      orientation="vertical"
      series={[{ name: STOCK_SERIES, color: 'info.6' }]}
      getBarColor={(value) => (value < 100 ? 'negative.6' : 'positive.6')}
      referenceLines={[{ x: 100, color: 'ink.6', label: 'Reorder level' }]}
      valueFormatter={(value) => `${value}%`}
      yAxisProps={{ width: 150 }}
      gridAxis="x"
      barChartProps={NOT_FOCUSABLE}
    />
  );
}
