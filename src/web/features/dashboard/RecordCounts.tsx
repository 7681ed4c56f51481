/** How many of each main record the company has (only those the user may list). */
import { Card, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { countText } from '../../../shared/show-value';
import type { RecordCount } from './useDashboard';

export function RecordCounts({ counts }: { counts: RecordCount[] }) {
  if (counts.length === 0) return null;
  return (
    <section aria-labelledby="records-title">
      <Title order={2} size="h4" id="records-title" mb="sm">
        Records
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {counts.map((c) => (
          <Card
            key={c.name}
            withBorder
            padding="md"
            component={Link}
            to={c.to}
            data-testid={`count-${c.name}`}
          >
            <Text size="sm" c="dimmed">
              {c.label}
            </Text>
            {c.loading ? (
              <Loader size="sm" aria-label={`Counting ${c.label}`} />
            ) : (
              <Text fz={28} fw={700}>
                {c.count === null ? (
                  <>
                    <span aria-hidden>—</span>
                    <span className="materia-visually-hidden">not available</span>
                  </>
                ) : (
                  countText(c.count)
                )}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
