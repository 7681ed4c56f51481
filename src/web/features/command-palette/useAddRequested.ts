/**
 * "New prescription" from the command palette opens the list with a request to add: the list's
 * Add runs once, as if its button were pressed, and the request is dropped from the history so
 * that going back and forth does not add again.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

export const ADD_REQUEST = 'paletteAdd';

/** Runs `add` once when the screen was opened with an add request; null while it may not. */
export function useAddRequested(add: (() => void) | null): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const requested = (location.state as Record<string, unknown> | null)?.[ADD_REQUEST] === true;
  useEffect(() => {
    if (!requested || !add || handled.current === location.key) return;
    handled.current = location.key;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    add();
  }, [requested, add, navigate, location]);
}
