import { useCallback, useMemo, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { crumbsFor, type Crumb } from './crumbs';
import { usePageTitles } from './pageTitles';

/**
 * The breadcrumb trail of the current page. Clicking an earlier crumb trims the trail and
 * navigates there, replacing history.
 */
export function useCrumbs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const titles = usePageTitles((s) => s.titles);
  const crumbs = useMemo(() => crumbsFor(pathname, titles), [pathname, titles]);
  const previous: Crumb | null = crumbs.length > 1 ? (crumbs[crumbs.length - 2] ?? null) : null;
  const go = useCallback(
    (crumb: Crumb) => (event: MouseEvent) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      void navigate(crumb.to, { replace: true });
    },
    [navigate],
  );
  return { crumbs, previous, go };
}
