import { QueryClient } from '@tanstack/react-query';

/**
 * Failures are handled where they happen (logged, or retried with `withRetry`),
 * so TanStack's own retries are off; refetches follow route changes, not window focus.
 * Calls go out whether or not the browser says it is online (`networkMode: 'always'`): in
 * TanStack's default mode an offline call waits, unsent and pending, for the connection to come
 * back, and the page showed "Loading..." for as long as that took, where DESIGN.md §11 asks for
 * the failure's message with Try again (a review's find, 2026-11-27).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});
