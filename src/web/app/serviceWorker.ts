/** Service worker registration (vite-plugin-pwa): service workers are registered at start-up. */
let update: ((reload?: boolean) => Promise<void>) | null = null;

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  try {
    const { registerSW } = await import('virtual:pwa-register');
    update = registerSW({ immediate: true });
  } catch (error) {
    console.warn('Service worker not registered', error);
  }
}

/** Activates a waiting service worker (if any) and reloads the page. */
export async function reloadForUpdate(): Promise<void> {
  try {
    if (update) await update(true);
  } finally {
    window.location.reload();
  }
}
