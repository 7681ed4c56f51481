import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../session/store';
import { loginPathFor } from './paths';

/** Route guard (SPEC §2.1): without a logged-in user, go to `/?redirect=<wanted full path>`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useSession((s) => s.user !== null);
  const location = useLocation();
  if (!loggedIn) {
    return (
      <Navigate to={loginPathFor(location.pathname + location.search + location.hash)} replace />
    );
  }
  return children;
}
