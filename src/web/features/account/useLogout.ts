import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';
import { useSession } from '../../session/store';
import { unlockScreen } from '../idle-lock/lockState';

/** Logout: revoke the token on the server, clear the session, return to `/`. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await call('users/logout', {}, { quiet: true });
    } catch {
      // Logged out locally all the same; the token expires on the server.
    }
    useSession.getState().logout();
    unlockScreen(); // a lock is for this session; signing in again asks for the password anyway
    queryClient.clear();
    await navigate('/', { replace: true });
  }, [navigate, queryClient]);
}
