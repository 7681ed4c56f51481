/**
 * The code of the pages behind the login, loaded on first use. One loader each, shared by the
 * router and the entry (loadCodeFor), so that a page whose code was asked for early is the same
 * module the router renders, and renders without suspending once loaded.
 */
import { remembered } from './lazy';
import { listScreenOf } from './paths';

export const loadMainLayout = remembered(() => import('../layouts/MainLayout'));
export const loadEntityScreen = remembered(() => import('../entity/EntityScreen'));
export const loadDashboard = remembered(() => import('../features/dashboard/DashboardPage'));
/**
 * The start-up prefetch and its entity part (the list of `/app/{entities}`). The prefetch
 * imports its entity part itself; asking for both here only starts both downloads at once.
 */
export const loadWarmStart = () => import('./warmStart');
const loadWarmList = () => import('../entity/model/warmList');

/**
 * Asks for all the code a stored login opening `pathname` will run, at once: the prefetch, the
 * shell and the screen. Called by the entry before any of it has loaded, so that no chunk waits
 * for another to arrive before it is asked for (each waited about a round trip and a parse).
 */
export function loadCodeFor(pathname: string): void {
  void loadWarmStart();
  void loadMainLayout();
  if (listScreenOf(pathname)) {
    void loadWarmList();
    void loadEntityScreen();
  } else if (pathname === '/app' || pathname === '/app/') void loadDashboard();
}
