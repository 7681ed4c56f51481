/**
 * An admin's password actions on a user: users/set_password with the password rules checked live
 * (the server applies the same ones), and users/send_password_reset (the user's own reset mail).
 */
import { useCallback, useState, type FormEvent } from 'react';
import { passwordProblems } from '../../../shared/password';
import { call, CallError } from '../../api/client';
import { showToast } from '../../api/toasts';
import { confirm } from '../../features/confirm/confirm';

async function run(path: string, payload: Record<string, unknown>): Promise<string | null> {
  try {
    const reply = await call(path, payload, { silent: true });
    const text = reply.messages.map((m) => m.text).join(' ');
    if (!reply.result) return text || 'Nothing was changed.';
    if (text) showToast({ type: 's', text });
    return null;
  } catch (caught) {
    if (!(caught instanceof CallError)) throw caught;
    return caught.message;
  }
}

export function useUserPassword(userId: number, email: string) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mismatch = repeat !== '' && repeat !== password;
  const ready = passwordProblems(password).length === 0 && repeat === password;

  const close = useCallback(() => {
    setOpen(false);
    setPassword('');
    setRepeat('');
    setError(null);
  }, []);

  const save = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (busy) return;
      if (!ready) {
        setError('Type a password that meets every rule, twice.');
        return;
      }
      setBusy(true);
      const problem = await run('users/set_password', { user_id: userId, password });
      setBusy(false);
      if (problem) setError(problem);
      else close();
    },
    [busy, ready, userId, password, close],
  );

  const sendReset = useCallback(async () => {
    if (!(await confirm(`Send a link to reset the password to ${email}?`))) return;
    setBusy(true);
    const problem = await run('users/send_password_reset', { user_id: userId });
    setBusy(false);
    if (problem) showToast({ type: 'e', text: problem });
  }, [email, userId]);

  return {
    open,
    start: () => setOpen(true),
    close,
    password,
    setPassword,
    repeat,
    setRepeat,
    mismatch,
    error,
    busy,
    save,
    sendReset,
  };
}
