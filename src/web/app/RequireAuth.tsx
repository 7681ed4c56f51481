import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../session/store';
import { loginPathFor } from './paths';

/** Route guard: without a logged-in user, go to `/?redirect=<wanted full path>`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useSession((s) => s.user !== null);
  const signedOut = useSession((s) => s.signed_out);
  const location = useLocation();
  if (!loggedIn) {
    // After a logout the page left is no place to come back to (and the logout goes to `/`).
    const to = signedOut ? '/' : loginPathFor(location.pathname + location.search + location.hash);
    return <Navigate to={to} replace />;
  }
  return children;
}
