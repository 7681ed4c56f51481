/**
 * Whether the server will ask this login for the captcha, known before the form is sent
 * (`users/login_status`): on a fresh page from the address's failures, and once the e-mail is
 * typed from the account's too. So the check is on screen whenever the server will want it and
 * the right password is never refused once for want of it.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { LoginThrottle } from '../../../shared/users';
import { call } from '../../api/client';
import { useCompany } from '../../session/companyStore';

/** Pause after the last key before asking, so typing an address asks once. */
const TYPING_PAUSE_MS = 400;

/** A typed e-mail worth asking about; anything else asks about the address alone. */
const accountOf = (email: string) => (/^[^\s@]+@[^\s@]+$/.test(email.trim()) ? email.trim() : '');

export function useLoginStatus(email: string): boolean {
  const [account] = useDebouncedValue(accountOf(email), TYPING_PAUSE_MS);
  const [required, setRequired] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      try {
        await useCompany.getState().start();
        const envelope = await call<LoginThrottle>(
          'users/login_status',
          account ? { user_email: account } : {},
          { anonymous: true, quiet: true, signal: controller.signal },
        );
        if (!controller.signal.aborted) setRequired(envelope.data?.captcha_required === true);
      } catch {
        // Unknown: the login's own reply still asks for the captcha when it is needed.
      }
    })();
    return () => controller.abort();
  }, [account]);
  return required;
}
