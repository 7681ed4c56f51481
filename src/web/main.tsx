import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './theme/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './app/serviceWorker';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void registerServiceWorker();
// Offline copies of opened patients: not needed to show the first page, so loaded after it.
void import('./features/offline/recordClients').then((m) => m.startOfflineClients());
