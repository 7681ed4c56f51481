import { QueryClient } from '@tanstack/react-query';
import { CallError } from '../api/client';

/** Server state of the logged-in part of the app (the landing page does without it). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Failures are logged by the client; only an unreachable server is worth a second try.
      retry: (count, error) => error instanceof CallError && error.kind === 'network' && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
