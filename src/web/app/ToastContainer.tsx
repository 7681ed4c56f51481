import '../theme/allStyles';
import { Notifications } from '@mantine/notifications';

export function ToastContainer() {
  return <Notifications position="top-center" zIndex={1000} limit={6} />;
}
