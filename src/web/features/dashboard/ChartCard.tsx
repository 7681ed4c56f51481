/**
 * A titled dashboard chart: the chart itself (its code loaded once the card is on screen), or a
 * plain sentence when there is nothing to draw, and the same figures as a visually hidden table
 * for screen readers.
 */
import { Box, Card, Loader, Text, Title } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useInView } from './useInView';

interface ChartRow {
  label: string;
  value: string;
}

interface Props {
  id: string;
  title: string;
  empty: string | null;
  rows: ChartRow[];
  valueHeading: string;
  /** The drawing's height, kept free while its code loads so nothing below jumps. */
  height: number;
  children: ReactNode;
}

export function ChartCard({ id, title, empty, rows, valueHeading, height, children }: Props) {
  const { ref, inView } = useInView<HTMLElement>();
  return (
    <Card
      ref={ref}
      withBorder
      padding="md"
      component="section"
      aria-labelledby={id}
      data-testid={id}
    >
      <Title order={2} size="h5" id={id} mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <>
          <Box aria-hidden mih={height}>
            {inView && <Suspense fallback={<Loader size="sm" />}>{children}</Suspense>}
          </Box>
          <table className="materia-visually-hidden">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">{valueHeading}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  <td>{r.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}
