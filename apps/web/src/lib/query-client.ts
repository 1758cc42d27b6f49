import { hashKey, QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * A query kept for no time once its page lets go of it (`gcTime: 0`: a page's per-visit reads,
 * the current user at a path) is dropped the moment the next page asks for it, not one timer
 * later. TanStack removes it on a 0 ms timer, but React renders the next page as soon as the
 * last one's effects have let go, in the same task: a Back pressed at once found the earlier
 * visit's answer still cached (`staleTime: Infinity`) and drew it, an earlier assessment's results
 * after a retake (a CI failure, 2026-11-28). Only the cache's `build` changes: every use of a
 * query (an observer, a fetch, `setQueryData`) looks it up there, and a query's object, which
 * `keepPreviousData` reads, is left as it was.
 */
function perVisitQueryCache(): QueryCache {
  const cache = new QueryCache();
  const build = cache.build.bind(cache);
  cache.build = (client, options, state) => {
    const left = cache.get(options.queryHash ?? hashKey(options.queryKey));
    // Let go of: kept for no time, watched by nobody, answered (data or error) and not asking now.
    // Its own read (`queryFn`) says a page built it; "nobody" set ahead by the log-out has none.
    if (left && !left.gcTime && !left.getObserversCount() && left.state.status !== 'pending' && left.state.fetchStatus === 'idle' && left.options.queryFn) cache.remove(left);
    return build(client, options, state);
  };
  return cache;
}

/**
 * Failures are handled where they happen (logged, or retried with `withRetry`),
 * so TanStack's own retries are off; refetches follow route changes, not window focus.
 * Calls go out whether or not the browser says it is online (`networkMode: 'always'`): in
 * TanStack's default mode an offline call waits, unsent and pending, for the connection to come
 * back, and the page showed "Loading..." for as long as that took, where DESIGN.md §11 asks for
 * the failure's message with Try again (a review's find, 2026-11-27).
 */
export const createQueryClient = () =>
  new QueryClient({
    queryCache: perVisitQueryCache(),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });

export const queryClient = createQueryClient();
