/**
 * Password reset: ask for a link by e-mail (with the ALTCHA check), or with
 * `?token=` set a new password that meets the password rules.
 */
import { useCallback, useState, type FormEvent } from 'react';
import { passwordProblems } from '../../../shared/password';
import { call, CallError, SERVER_DOWN_TEXT } from '../../api/client';

const REQUEST_SENT_TEXT =
  'If an account uses that address, a link to set a new password is on its way. It works for one hour.';
const RESET_DONE_TEXT = 'Your password has been changed. You can sign in with it now.';
const RESET_FAILED_TEXT =
  'This link can no longer be used. It may have expired or been used already; ask for a new one.';
export const MISMATCH_TEXT = 'The two passwords are not the same.';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

async function send(path: string, payload: Record<string, unknown>) {
  try {
    const envelope = await call(path, payload, { silent: true, anonymous: true });
    return { ok: envelope.result, text: envelope.messages.map((m) => m.text).join(' ') };
  } catch (error) {
    if (!(error instanceof CallError)) throw error;
    return { ok: false, text: error.kind === 'network' ? SERVER_DOWN_TEXT : error.message };
  }
}

export function useRequestReset() {
  const [email, setEmail] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (pending) return;
      if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
        setOutcome({ kind: 'error', text: 'Enter the e-mail address you sign in with.' });
        return;
      }
      if (!captcha) {
        setOutcome({ kind: 'error', text: 'Please confirm that you are a person first.' });
        return;
      }
      setPending(true);
      const reply = await send('users/request_password_reset', {
        user_email: email.trim(),
        altcha: captcha,
      });
      setPending(false);
      setCaptchaKey((k) => k + 1);
      setOutcome(
        reply.ok
          ? { kind: 'success', text: reply.text || REQUEST_SENT_TEXT }
          : { kind: 'error', text: reply.text || 'The link could not be sent. Try again.' },
      );
    },
    [pending, email, captcha],
  );

  return { email, setEmail, setCaptcha, captchaKey, pending, outcome, submit };
}

export function useSetNewPassword(token: string) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const problems = passwordProblems(password);
  const mismatch = confirm !== '' && confirm !== password;
  const canSubmit = problems.length === 0 && confirm === password && !pending;

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (!canSubmit) {
        setOutcome({
          kind: 'error',
          text: problems.length ? 'The new password does not meet the rules yet.' : MISMATCH_TEXT,
        });
        return;
      }
      setPending(true);
      const reply = await send('users/reset_password', { token, password });
      setPending(false);
      setPassword('');
      setConfirm('');
      setOutcome(
        reply.ok
          ? { kind: 'success', text: reply.text || RESET_DONE_TEXT }
          : { kind: 'error', text: reply.text || RESET_FAILED_TEXT },
      );
    },
    [canSubmit, problems.length, token, password],
  );

  return { password, setPassword, confirm, setConfirm, mismatch, pending, outcome, submit };
}
