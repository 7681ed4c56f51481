/** The right navigation drawer, width 350. */
import { Anchor, Divider, Drawer, Tabs } from '@mantine/core';
import { Link } from 'react-router';
import { RIGHT_DRAWER_WIDTH } from '../../../shared/limits';
import { FavouritesList } from './FavouritesList';
import { FullMenu } from './FullMenu';
import { useFavourites } from './useFavourites';
import { useNavItems } from './useNavItems';

interface Props {
  opened: boolean;
  onClose: () => void;
}

export function NavigationDrawer({ opened, onClose }: Props) {
  const items = useNavItems();
  const { favourites, toggle, remove, move } = useFavourites();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={RIGHT_DRAWER_WIDTH}
      title="Navigation"
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
    >
      <Tabs defaultValue="favourites" keepMounted={false}>
        <Tabs.List grow mb="sm">
          <Tabs.Tab value="favourites">Favourites</Tabs.Tab>
          <Tabs.Tab value="full">Full Menu</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="favourites">
          <FavouritesList
            favourites={favourites}
            onMove={(from, to) => void move(from, to)}
            onRemove={(to) => void remove(to)}
            onNavigate={onClose}
          />
        </Tabs.Panel>
        <Tabs.Panel value="full">
          <FullMenu
            items={items}
            favourites={favourites}
            onToggle={(item) => void toggle(item)}
            onNavigate={onClose}
          />
        </Tabs.Panel>
      </Tabs>
      <Divider my="md" />
      <Anchor component={Link} to="/offline/clients" size="sm" onClick={onClose}>
        Offline clients
      </Anchor>
    </Drawer>
  );
}
