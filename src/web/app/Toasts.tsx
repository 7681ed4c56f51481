/**
 * The toast container mounts with the first toast (and stays), so pages that never show one do
 * not load it. Toasts sit at the top right, below the top bar, with a progress bar and a close button.
 */
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const Container = lazy(async () => ({
  default: (await import('./ToastContainer')).ToastContainer,
}));

export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  const any = notifications.length + queue.length > 0;
  useEffect(() => {
    if (any) setNeeded(true);
  }, [any]);
  if (!needed && !any) return null;
  return (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  );
}
