/** The lock screen's password form: users/unlock, its refusal in words, or sign out. */
import { useState } from 'react';
import { call } from '../../api/client';
import { unlockScreen } from './lockState';

const UNLOCK_FAILED_TEXT = 'The password could not be checked. Try again.';

export function useUnlock() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy || password === '') return;
    setBusy(true);
    const reply = await call('users/unlock', { password }, { silent: true }).catch(() => null);
    setBusy(false);
    setPassword('');
    if (reply?.result) {
      setError(null);
      unlockScreen();
    } else {
      setError(reply?.messages[0]?.text ?? UNLOCK_FAILED_TEXT);
    }
  };

  return { password, setPassword, error, busy, submit };
}
