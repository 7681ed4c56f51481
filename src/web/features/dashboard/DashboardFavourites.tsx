/** The user's favourites as links (they are edited in the navigation's Favourites tab). */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NO_FAVOURITES_TEXT } from '../navigation/FavouritesList';
import type { useFavourites } from '../navigation/useFavourites';

type Favourite = ReturnType<typeof useFavourites>['favourites'][number];

export function DashboardFavourites({ favourites }: { favourites: readonly Favourite[] }) {
  return (
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
  );
}
