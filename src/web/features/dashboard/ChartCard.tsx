/**
 * A titled dashboard chart: the chart itself (lazy), or a plain sentence when there is nothing to
 * draw, and the same figures as a visually hidden table for screen readers.
 */
import { Card, Loader, Text, Title } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';

export interface ChartRow {
  label: string;
  value: string;
}

interface Props {
  id: string;
  title: string;
  empty: string | null;
  rows: ChartRow[];
  valueHeading: string;
  children: ReactNode;
}

export function ChartCard({ id, title, empty, rows, valueHeading, children }: Props) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id} data-testid={id}>
      <Title order={2} size="h5" id={id} mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <>
          <div aria-hidden>
            <Suspense fallback={<Loader size="sm" aria-label={`Drawing ${title}`} />}>
              {children}
            </Suspense>
          </div>
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
