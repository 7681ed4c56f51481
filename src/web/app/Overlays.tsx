/**
 * App-wide overlays — the 'Application Error' dialog, the confirmation dialog, the version
 * notice and the keyboard shortcut list (`?`) — loaded only when one of them is needed, so the
 * landing page stays light.
 */
import { lazy, Suspense } from 'react';
import { useApplicationError } from '../api/errorDialog';
import { useConfirmState } from '../features/confirm/confirm';
import { useShortcutKey } from '../features/shortcuts/useShortcutKey';
import { useSession } from '../session/store';
import { FocusReturn } from './FocusReturn';

const ApplicationErrorDialog = lazy(async () => ({
  default: (await import('../api/ApplicationErrorDialog')).ApplicationErrorDialog,
}));
const ConfirmDialog = lazy(async () => ({
  default: (await import('../features/confirm/ConfirmDialog')).ConfirmDialog,
}));
const ShortcutsDialog = lazy(async () => ({
  default: (await import('../features/shortcuts/ShortcutsDialog')).ShortcutsDialog,
}));
const VersionNotice = lazy(async () => ({
  default: (await import('./VersionNotice')).VersionNotice,
}));

export function Overlays() {
  const errorShown = useApplicationError((s) => s.open || s.reply !== null);
  const confirmShown = useConfirmState((s) => s.message !== null);
  const update = useSession((s) => s.version_update !== null);
  const shortcuts = useShortcutKey();
  return (
    <Suspense fallback={null}>
      {errorShown && <ApplicationErrorDialog />}
      {confirmShown && (
        <FocusReturn>
          <ConfirmDialog />
        </FocusReturn>
      )}
      {update && <VersionNotice />}
      {shortcuts.open && (
        <FocusReturn>
          <ShortcutsDialog onClose={shortcuts.close} />
        </FocusReturn>
      )}
    </Suspense>
  );
}
