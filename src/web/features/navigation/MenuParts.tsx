/** What both tabs of the navigation draw alike: a link that closes the menu, and the empty note. */
import { NavLink, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './Navigation.module.css';

export function MenuLink(props: { to: string; label: string; onNavigate: () => void }) {
  return (
    <NavLink
      component={Link}
      to={props.to}
      label={props.label}
      onClick={props.onNavigate}
      className={classes.link}
    />
  );
}

export function EmptyMenuNote({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" p="md" ta="center">
      {children}
    </Text>
  );
}
