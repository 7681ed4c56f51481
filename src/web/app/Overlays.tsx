/**
 * App-wide overlays — the 'Application Error' dialog, the confirmation dialog and the version
 * notice — loaded only when one of them is needed, so the landing page stays light.
 */
import { lazy, Suspense } from 'react';
import { useApplicationError } from '../api/errorDialog';
import { useConfirmState } from '../features/confirm/confirm';
import { useSession } from '../session/store';

const ApplicationErrorDialog = lazy(async () => ({
  default: (await import('../api/ApplicationErrorDialog')).ApplicationErrorDialog,
}));
const ConfirmDialog = lazy(async () => ({
  default: (await import('../features/confirm/ConfirmDialog')).ConfirmDialog,
}));
const VersionNotice = lazy(async () => ({
  default: (await import('./VersionNotice')).VersionNotice,
}));

export function Overlays() {
  const errorShown = useApplicationError((s) => s.open || s.reply !== null);
  const confirmShown = useConfirmState((s) => s.message !== null);
  const update = useSession((s) => s.version_update !== null);
  return (
    <Suspense fallback={null}>
      {errorShown && <ApplicationErrorDialog />}
      {confirmShown && <ConfirmDialog />}
      {update && <VersionNotice />}
    </Suspense>
  );
}
