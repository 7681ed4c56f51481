import '../theme/allStyles';
import { Notifications } from '@mantine/notifications';

/**
 * Toasts sit at the top right, below the 56 px top bar (app.css moves that one root down), so a
 * toast never hides the breadcrumbs or the Back link. Mantine renders a root per position: a
 * style given here would reach all of them and stretch the bottom ones over the page.
 */
export function ToastContainer() {
  return <Notifications position="top-right" zIndex={1000} limit={6} className="materia-toasts" />;
}
