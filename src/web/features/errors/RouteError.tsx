import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { ErrorPanel } from './ErrorPanel';

/** The router's error element: a 404 response reads as the not-found page, the rest as errors. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const shown =
    error instanceof Error
      ? error
      : new Error(
          isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : String(error),
        );
  return <ErrorPanel error={shown} onRetry={() => window.location.reload()} />;
}
