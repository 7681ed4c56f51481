import './theme/landingStyles';
import './theme/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadCodeFor, loadStartupPrefetch } from './app/routeModules';
import { registerServiceWorker } from './app/serviceWorker';
import { useCompany } from './session/companyStore';
import { useSession } from './session/store';

// The company's public settings gate every page but the landing one: ask for them now rather
// than after the first render (App's effect only joins this start).
void useCompany.getState().start();

// A stored login opening a page behind it: ask for that page's code and data now, all at once.
if (window.location.pathname.startsWith('/app') && useSession.getState().user) {
  loadCodeFor(window.location.pathname);
  void loadStartupPrefetch().then((m) => m.prefetchStartPage(window.location));
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
/**
 * The service worker and the offline copies of opened patients are not needed to show the first
 * page: they start once the browser is idle after it, so they do not compete with its render.
 */
function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 500);
}
whenIdle(() => {
  void import('./features/offline/recordClients').then((m) => m.startOfflineClients());
});

/**
 * A new version's service worker downloads every file of the app (about 3 MB) for offline use as
 * it installs. Started at the first idle moment, on two cores it stretched the page's own tasks
 * past 50 ms while a user scrolled the list they had just opened; ten seconds later it finds a
 * settled page. It installs once per version: a returning user has it already.
 */
const SERVICE_WORKER_AFTER_MS = 10_000;
setTimeout(() => whenIdle(() => void registerServiceWorker()), SERVICE_WORKER_AFTER_MS);
