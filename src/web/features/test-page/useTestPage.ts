import { useState } from 'react';
import type { MessageType } from '../../../shared/envelope';
import { showApplicationError } from '../../api/errorDialog';
import { showToast } from '../../api/toasts';
import { confirm } from '../confirm/confirm';

export const TOAST_SAMPLES: ReadonlyArray<{ type: MessageType; label: string; text: string }> = [
  { type: 's', label: 'Success toast', text: 'Saved: this is a success message (s).' },
  { type: 'p', label: 'Positive toast', text: 'Done: this is a positive message (p).' },
  { type: 'w', label: 'Warning toast', text: 'Careful: this is a warning message (w).' },
  { type: 'i', label: 'Info toast', text: 'For your information: this is an info message (i).' },
  { type: 'e', label: 'Error toast', text: 'Failed: this is an error message (e).' },
];

/** What the test page does: every kind of toast, the error dialog, a confirmation, a crash. */
export function useTestPage() {
  const [answer, setAnswer] = useState<string | null>(null);
  const [crash, setCrash] = useState(false);
  return {
    toast: (type: MessageType, text: string) => showToast({ type, text }),
    customTimeout: () =>
      showToast({
        type: 'i',
        text: 'This message chose its own timeout: 2 seconds.',
        timeout: 2000,
      }),
    errorDialog: () =>
      showApplicationError({
        data: { example: true },
        messages: [],
        note: 'No result field here.',
      }),
    ask: async () =>
      setAnswer(
        (await confirm('Do you want to continue?')) ? 'You chose OK.' : 'You chose Cancel.',
      ),
    answer,
    crash,
    startCrash: () => setCrash(true),
  };
}
