/** Printing layout: no chrome, an A4 page. */
import '../theme/allStyles';
import { Outlet } from 'react-router';
import { QueryProvider } from '../app/QueryProvider';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { IdleLockGate } from '../features/idle-lock/IdleLockGate';

export function PrintingLayout() {
  return (
    <QueryProvider>
      <IdleLockGate>
        <main className="materia-print-layout">
          <ErrorBoundary>
            <Outlet />
          </ErrorBoundary>
        </main>
      </IdleLockGate>
    </QueryProvider>
  );
}
