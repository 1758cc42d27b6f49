import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A question page starts from the answers the server holds (DESIGN.md §11). If the page opens on
 * questions still cached from an earlier visit (Back pressed before the cache let them go), those
 * predate the answers chosen since: wait for the read the mount starts instead of showing them,
 * because the form takes its answers once, when it first appears.
 */
export function useFreshQuestions<T>(query: UseQueryResult<T>): boolean {
  const [openedOnStaleCache] = useState(() => query.data !== undefined && query.isStale);
  return !openedOnStaleCache || query.isFetchedAfterMount;
}
