/** The Full Menu tab: a filter box and the module tree with star toggles. */
import { ActionIcon, Box, Stack, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { EmptyMenuNote, MenuLink } from './MenuParts';
import classes from './Navigation.module.css';
import { isFavourite, navTree, type Favourite, type NavItem } from './navModel';

const NO_ITEMS_TEXT = 'No items available, contact the administrator';
const NO_NODES_TEXT = 'No nodes available';

interface Props {
  items: NavItem[];
  favourites: Favourite[];
  onToggle: (item: NavItem) => void;
  onNavigate: () => void;
}

export function FullMenu({ items, favourites, onToggle, onNavigate }: Props) {
  const [filter, setFilter] = useState('');
  const tree = useMemo(() => navTree(items, filter), [items, filter]);
  if (items.length === 0) {
    return <EmptyMenuNote>{NO_ITEMS_TEXT}</EmptyMenuNote>;
  }
  return (
    <Stack gap="sm">
      <TextInput
        label="Filter"
        placeholder="Type to filter the menu"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        type="search"
        autoComplete="off"
      />
      {tree.length === 0 && <EmptyMenuNote>{NO_NODES_TEXT}</EmptyMenuNote>}
      {tree.map((node) => (
        <Box component="section" key={node.section} aria-label={node.section}>
          <Title order={3} className={classes.section}>
            {node.section}
          </Title>
          <ul className={classes.list}>
            {node.items.map((item) => {
              const starred = isFavourite(favourites, item.to);
              // Named after its module and what a press does (so the name also says the state).
              const starName = starred
                ? `Remove ${item.label} from favourites`
                : `Add ${item.label} to favourites`;
              return (
                <li key={item.to} className={classes.row}>
                  <MenuLink to={item.to} label={item.label} onNavigate={onNavigate} />
                  <ActionIcon
                    variant="subtle"
                    color={starred ? 'accent' : 'gray'}
                    aria-label={starName}
                    title={starName}
                    onClick={() => onToggle(item)}
                    data-nav-item={item.label}
                  >
                    <span aria-hidden className={classes.star}>
                      {starred ? '★' : '☆'}
                    </span>
                  </ActionIcon>
                </li>
              );
            })}
          </ul>
        </Box>
      ))}
    </Stack>
  );
}
