import '../theme/allStyles';
import { Notifications } from '@mantine/notifications';

/** Below the 56 px top bar, so that a toast never hides the breadcrumbs or the Back link. */
const BELOW_HEADER = 'calc(56px + var(--mantine-spacing-xs))';

export function ToastContainer() {
  return (
    <Notifications position="top-right" zIndex={1000} limit={6} style={{ top: BELOW_HEADER }} />
  );
}
