/**
 * While logged in: a heartbeat every 10 s (with 30 s and 60 s counters) and an
 * authentication re-check 10 minutes after the last request. A failed check is only logged;
 * a reply with `authentication_failed` logs out through the API client.
 */
import { useEffect } from 'react';
import { HEARTBEAT_MS } from '../../shared/limits';
import { call, CallError } from '../api/client';
import { authRecheckDue } from './heartbeat';
import { useSession } from './store';
import type { SessionUser } from './types';

async function checkAuthentication(): Promise<void> {
  try {
    const envelope = await call<SessionUser>('users/check_authentication', {}, { quiet: true });
    const state = useSession.getState();
    if (
      envelope.result &&
      envelope.data &&
      typeof envelope.data.user_id === 'number' &&
      state.user
    ) {
      state.setUser({ ...state.user, ...envelope.data });
    } else if (!envelope.result) {
      console.warn('Authentication check failed', envelope.messages);
    }
  } catch (error) {
    if (!(error instanceof CallError)) throw error;
    console.warn('Authentication check failed', error.message);
  }
}

export function useHeartbeat(): void {
  const loggedIn = useSession((s) => s.user !== null);
  useEffect(() => {
    if (!loggedIn) return;
    const timer = window.setInterval(() => {
      const state = useSession.getState();
      state.tick();
      if (authRecheckDue(state.last_request_at, Date.now())) void checkAuthentication();
    }, HEARTBEAT_MS);
    return () => window.clearInterval(timer);
  }, [loggedIn]);
}
