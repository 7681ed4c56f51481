/**
 * The per-module left drawer (width 320, breakpoint 1439). Entity screens of later
 * issues put their filters and shortcuts here; for now it offers the module's own links.
 */
import { NavLink, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { create } from 'zustand';
import type { ModuleDefinition } from '../../shared/modules';
import { PREFERENCES_ID } from '../app/paths';

/**
 * Where the open screen portals content of its own (the entity screen's category filter), and
 * how that content closes the drawer when it lies over the page.
 */
export const useLeftDrawerSlot = create<{
  element: HTMLElement | null;
  close: (() => void) | null;
}>()(() => ({ element: null, close: null }));
const placeSlot = (element: HTMLDivElement | null) => useLeftDrawerSlot.setState({ element });

export function LeftDrawerContent({
  module,
  onNavigate,
}: {
  module: ModuleDefinition;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  useEffect(() => {
    useLeftDrawerSlot.setState({ close: onNavigate ?? null });
  }, [onNavigate]);
  const base = module.route ?? `/app/${module.name}`;
  const links = [
    { to: base, label: `All ${module.label.toLowerCase()}` },
    { to: `${base}/${PREFERENCES_ID}`, label: 'My preferences' },
  ];
  return (
    <Stack gap="xs" p="md">
      <Title order={2} size="h4">
        {module.label}
      </Title>
      <Text size="sm" c="dimmed">
        {module.description}
      </Text>
      <nav aria-label={`${module.label} shortcuts`}>
        {links.map((link) => (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            active={pathname === link.to}
            onClick={onNavigate}
          />
        ))}
      </nav>
      <div ref={placeSlot} data-left-drawer-slot />
    </Stack>
  );
}
