import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/store';

/**
 * Back to where the user came from: within the app when it has history of its own, else the
 * browser's previous page, else the start page (a link opened in a new tab has no history).
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.user !== null);
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else if (window.history.length > 1) window.history.back();
    else void navigate(loggedIn ? '/app' : '/', { replace: true });
  }, [navigate, loggedIn]);
}
