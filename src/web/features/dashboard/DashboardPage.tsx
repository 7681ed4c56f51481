/** `/app`: the dashboard (first version). */
import { Anchor, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NO_FAVOURITES_TEXT } from '../navigation/FavouritesList';
import { useDashboard } from './useDashboard';

export function DashboardPage() {
  const { firstName, counts, favourites } = useDashboard();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {firstName ? `Welcome, ${firstName}` : 'Welcome'}
      </Title>
      {counts.length > 0 && (
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
                      `${c.count}${c.more ? '+' : ''}`
                    )}
                  </Text>
                )}
              </Card>
            ))}
          </SimpleGrid>
        </section>
      )}
      <section aria-labelledby="favourites-title">
        <Title order={2} size="h4" id="favourites-title" mb="sm">
          Your favourites
        </Title>
        {favourites.length === 0 ? (
          <Text c="dimmed">{NO_FAVOURITES_TEXT} (open the Menu).</Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {favourites.map((f) => (
              <li key={f.to}>
                <Anchor component={Link} to={f.to}>
                  {f.label}
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
