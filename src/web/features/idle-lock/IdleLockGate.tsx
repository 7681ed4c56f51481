/**
 * Shows the app, or — once the clinic's idle time has passed without input, in any tab — the
 * lock screen in its place: the app's content is unmounted (not covered), toasts are cleared and
 * the tab's title is neutral, so no patient data is left readable on an unattended screen.
 */
import { notifications } from '@mantine/notifications';
import { useEffect, type ReactNode } from 'react';
import { useCompanySettings } from '../../theme/useCompanySettings';
import { LockScreen } from './LockScreen';
import { useLockState } from './lockState';
import { useIdleTimer } from './useIdleTimer';

const LOCKED_TITLE = 'Locked — Materia';

export function IdleLockGate({ children }: { children: ReactNode }) {
  const locked = useLockState((s) => s.locked);
  useIdleTimer(useCompanySettings().idleLockMinutes, !locked);
  useEffect(() => {
    if (!locked) return;
    notifications.clean();
    const title = document.title;
    document.title = LOCKED_TITLE;
    return () => {
      if (document.title === LOCKED_TITLE) document.title = title;
    };
  }, [locked]);
  return locked ? <LockScreen /> : children;
}
