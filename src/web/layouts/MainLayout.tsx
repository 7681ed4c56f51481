/**
 * The main shell: appears once settings, product preferences, privileges and
 * categories are loaded; top bar with company name, breadcrumbs, account menu and the Menu
 * button; the right navigation drawer; the per-module left drawer.
 */
import '../theme/allStyles';
import { ActionIcon, Anchor, AppShell, Burger, Drawer, Group } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { LEFT_DRAWER_WIDTH } from '../../shared/limits';
import { PageLoader } from '../app/PageLoader';
import { QueryProvider } from '../app/QueryProvider';
import { AccountMenu } from '../features/account/AccountMenu';
import { Breadcrumbs } from '../features/breadcrumbs/Breadcrumbs';
import { CommandPalette } from '../features/command-palette/CommandPalette';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { IdleLockGate } from '../features/idle-lock/IdleLockGate';
import { NavigationDrawer } from '../features/navigation/NavigationDrawer';
import { useShellData } from '../session/useShellData';
import { useHeartbeat } from '../session/useHeartbeat';
import { useCompanySettings } from '../theme/useCompanySettings';
import { LeftDrawerContent } from './LeftDrawer';
import classes from './MainLayout.module.css';
import { useMainLayout } from './useMainLayout';

export function MainLayout() {
  return (
    <QueryProvider>
      <IdleLockGate>
        <Shell />
      </IdleLockGate>
    </QueryProvider>
  );
}

function Shell() {
  useHeartbeat();
  const { ready } = useShellData();
  const { companyName } = useCompanySettings();
  const ui = useMainLayout();
  const { pathname } = useLocation();
  // A crash resets when the user moves to another screen, not on every row or tab of the same
  // entity (which would remount the whole entity screen on each click).
  const screen = pathname.split('/').slice(0, 3).join('/');
  if (!ready) return <PageLoader label="Loading your workspace" />;
  const left = ui.leftModule;
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={
        left && ui.wide
          ? {
              width: LEFT_DRAWER_WIDTH,
              breakpoint: 0,
              collapsed: { desktop: !ui.leftOpen, mobile: !ui.leftOpen },
            }
          : undefined
      }
      padding="md"
    >
      <a href="#main" className="materia-skip-link">
        Skip to content
      </a>
      <AppShell.Header className="materia-header">
        <Group h="100%" px="sm" gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" className={classes.start}>
            {left && (
              <ActionIcon
                variant="subtle"
                color="white"
                size="lg"
                onClick={ui.toggleLeft}
                aria-label="Side panel"
                aria-expanded={ui.leftOpen}
              >
                <PanelIcon />
              </ActionIcon>
            )}
            <Anchor component={Link} to="/app" className={classes.company} fw={700}>
              {companyName || 'Materia'}
            </Anchor>
            {ui.showCrumbs && <Breadcrumbs small={ui.small} />}
          </Group>
          <Group gap={4} wrap="nowrap">
            <AccountMenu compact={ui.small} />
            <Burger
              opened={ui.menuOpened}
              onClick={ui.openMenu}
              aria-label="Menu"
              color="var(--materia-on-brand)"
              size="sm"
            />
          </Group>
        </Group>
      </AppShell.Header>
      {left && ui.wide && (
        <AppShell.Navbar aria-label={`${left.label} panel`}>
          <LeftDrawerContent module={left} />
        </AppShell.Navbar>
      )}
      {left && !ui.wide && (
        <Drawer
          opened={ui.leftOpen}
          onClose={ui.closeLeftOverlay}
          position="left"
          size={LEFT_DRAWER_WIDTH}
          title={left.label}
        >
          <LeftDrawerContent module={left} onNavigate={ui.closeLeftOverlay} />
        </Drawer>
      )}
      <AppShell.Main id="main" tabIndex={-1}>
        <ErrorBoundary key={screen}>
          <Outlet />
        </ErrorBoundary>
      </AppShell.Main>
      <NavigationDrawer opened={ui.menuOpened} onClose={ui.closeMenu} />
      <CommandPalette />
    </AppShell>
  );
}

/** A window with its left panel: not a second ☰ beside the Menu button's. */
function PanelIcon() {
  return (
    <svg aria-hidden width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor">
      <rect x="2.5" y="3.5" width="15" height="13" rx="1.5" strokeWidth="1.5" />
      <path d="M7.5 3.5v13" strokeWidth="1.5" />
      <path d="M4.5 7h1M4.5 10h1M4.5 13h1" strokeWidth="1.2" />
    </svg>
  );
}
