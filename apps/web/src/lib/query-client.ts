import { QueryClient } from '@tanstack/react-query';

/**
 * Failures are handled where they happen (logged, or retried with `withRetry`),
 * so TanStack's own retries are off; refetches follow route changes, not window focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
