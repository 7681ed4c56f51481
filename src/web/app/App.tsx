/**
 * Providers: the company start-up, the brand theme, toasts, the app-wide overlays and the
 * router — inside an error boundary. Server state (TanStack Query) is provided by the logged-in
 * layouts, so the landing page does not load it.
 */
import { MantineProvider } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { useCompany } from '../session/companyStore';
import { colorSchemeManager } from '../theme/colorScheme';
import { buildTheme, cssVariablesFor } from '../theme/theme';
import { Overlays } from './Overlays';
import { PageLoader } from './PageLoader';
import { router } from './router';
import { Toasts } from './Toasts';

/** Pages that show before the company's settings arrive (its name and colours follow). */
const SHOWS_WHILE_STARTING = new Set(['/', '/password-reset']);

export function App() {
  const status = useCompany((s) => s.status);
  const start = useCompany((s) => s.start);
  const colours = useCompany((s) => s.settings.product.colours);
  const theme = useMemo(() => buildTheme(colours), [colours]);
  const variables = useMemo(() => cssVariablesFor(colours), [colours]);
  useEffect(() => {
    void start();
  }, [start]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={variables}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <Toasts />
      <Overlays />
      <ErrorBoundary>
        {status === 'starting' && !SHOWS_WHILE_STARTING.has(window.location.pathname) ? (
          <PageLoader label="Starting Materia" />
        ) : (
          <RouterProvider router={router} />
        )}
      </ErrorBoundary>
    </MantineProvider>
  );
}
