/**
 * Sign-in logic (`users/login`): keeps what was typed except the password
 * after a failure, shows the server's message on the page, asks for the ALTCHA check whenever
 * the server will (useLoginStatus) or did, and goes to the wanted page afterwards.
 */
import { useCompany } from '../../session/companyStore';
import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { UserToken } from '../../../shared/envelope';
import { call, CallError, SERVER_DOWN_TEXT } from '../../api/client';
import { tokenFieldsOf } from '../../api/reply';
import { safeRedirect } from '../../app/paths';
import { useSession } from '../../session/store';
import type { SessionUser } from '../../session/types';
import { useLoginStatus } from './useLoginStatus';

interface LoginData {
  user?: SessionUser;
  user_token?: Partial<UserToken>;
  captcha_required?: boolean;
}

const WRONG_LOGIN_TEXT = 'The e-mail address or password is not right.';
const CAPTCHA_TEXT = 'Please confirm that you are a person, then sign in again.';

/** The token the client sends: the reply's token, completed from the top-level fields. */
function tokenFrom(
  data: LoginData,
  top: ReturnType<typeof tokenFieldsOf>,
  user: SessionUser,
): UserToken | null {
  const token = { ...(top ?? {}), ...(data.user_token ?? {}) };
  if (typeof token.hash !== 'string' || token.hash === '') return null;
  return {
    hash: token.hash,
    userlogin_id: Number(token.userlogin_id ?? 0),
    hash_expire: String(token.hash_expire ?? ''),
    logged_in_at: String(token.logged_in_at ?? ''),
    user_id: Number(token.user_id ?? user.user_id),
    group_ids: Array.isArray(token.group_ids) ? token.group_ids : (user.group_ids ?? []),
    domain_ids: Array.isArray(token.domain_ids) ? token.domain_ids : (user.domain_ids ?? []),
  };
}

export function useLogin() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [captchaAsked, setCaptchaAsked] = useState(false);
  // Shown as soon as the server will ask, not only after it has refused once.
  const captchaRequired = useLoginStatus(email) || captchaAsked;
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useSession((s) => s.login);

  const fail = useCallback(
    (text: string) => {
      setError(text);
      setPassword('');
      if (captchaRequired) setCaptchaKey((k) => k + 1);
    },
    [captchaRequired],
  );

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (pending) return;
      if (captchaRequired && !captcha) {
        setError(CAPTCHA_TEXT);
        return;
      }
      setPending(true);
      setError(null);
      try {
        const payload: Record<string, unknown> = { user_email: email.trim(), password };
        if (captchaRequired && captcha) payload.altcha = captcha;
        // The form shows before the company is settled; a login sent that early waits for it.
        await useCompany.getState().start();
        const envelope = await call<LoginData>('users/login', payload, {
          silent: true,
          anonymous: true,
        });
        const data = envelope.data ?? {};
        const user = data.user;
        const token = user ? tokenFrom(data, tokenFieldsOf(envelope), user) : null;
        if (envelope.result && user && token) {
          const groupIds = user.group_ids ?? token.group_ids;
          login({ ...user, group_ids: groupIds }, token);
          await navigate(safeRedirect(params.get('redirect')), { replace: true });
          return;
        }
        if (data.captcha_required) setCaptchaAsked(true);
        const text = envelope.messages.map((m) => m.text).join(' ');
        fail(text || (data.captcha_required ? CAPTCHA_TEXT : WRONG_LOGIN_TEXT));
      } catch (caught) {
        if (!(caught instanceof CallError)) throw caught;
        fail(caught.kind === 'network' ? SERVER_DOWN_TEXT : caught.message);
      } finally {
        setPending(false);
      }
    },
    [pending, captchaRequired, captcha, email, password, login, navigate, params, fail],
  );

  return {
    email,
    setEmail,
    password,
    setPassword,
    captchaRequired,
    captchaKey,
    setCaptcha,
    error,
    pending,
    submit,
  };
}
