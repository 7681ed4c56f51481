import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './theme/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './app/serviceWorker';
import { startOfflineClients } from './features/offline/recordClients';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
startOfflineClients();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void registerServiceWorker();
