/** Asks before a route change would drop unsaved work (the editor's tabs and rows are routes). */
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirm } from '../confirm/confirm';

export function useLeaveGuard(dirty: boolean, message: string): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm(message).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, message]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
