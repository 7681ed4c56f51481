/** Toasts for server messages and for the app's own notices. */
import { notifications } from '@mantine/notifications';
import type { Message } from '../../shared/envelope';
import { toastKind, toastTimeout, type ToastKind } from './reply';

const TITLES: Record<ToastKind, string> = {
  success: 'Done',
  warning: 'Warning',
  info: 'Information',
  error: 'Error',
};

export function showToast(message: Message): string {
  const kind = toastKind(message.type);
  return notifications.show({
    title: TITLES[kind],
    message: message.text,
    autoClose: toastTimeout(message),
    withAutoCloseProgress: true,
    // The bar and the progress line take the text colour, which reads on every background.
    color: 'currentColor',
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close message' },
    className: `materia-toast materia-toast-${kind}`,
    'data-kind': kind,
  });
}

export function showMessages(messages: readonly Message[]): void {
  for (const message of messages) showToast(message);
}
