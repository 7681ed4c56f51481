/** `users/change_my_password {old_password, new_password}`; never keeps a password after trying. */
import { useCallback, useState, type FormEvent } from 'react';
import { passwordProblems } from '../../../shared/password';
import { call, CallError } from '../../api/client';

export function useChangePassword() {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const problems = passwordProblems(newPassword);
  const mismatch = confirm !== '' && confirm !== newPassword;
  const ready = oldPassword !== '' && problems.length === 0 && confirm === newPassword;

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (pending) return;
      if (!ready) {
        setOutcome({
          ok: false,
          text: 'Fill in your current password and a new one that meets every rule, twice.',
        });
        return;
      }
      setPending(true);
      let result: { ok: boolean; text: string };
      try {
        const envelope = await call(
          'users/change_my_password',
          { old_password: oldPassword, new_password: newPassword },
          { silent: true },
        );
        const message = envelope.messages.map((m) => m.text).join(' ');
        result = envelope.result
          ? { ok: true, text: message || 'Your password has been changed.' }
          : { ok: false, text: message || 'Your password could not be changed.' };
      } catch (caught) {
        if (!(caught instanceof CallError)) throw caught;
        result = { ok: false, text: caught.message };
      }
      setPending(false);
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
      setOutcome(result);
    },
    [ready, pending, oldPassword, newPassword],
  );

  return {
    oldPassword,
    setOldPassword,
    newPassword,
    setNewPassword,
    confirm,
    setConfirm,
    mismatch,
    pending,
    outcome,
    submit,
  };
}
