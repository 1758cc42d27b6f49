import type { CachedSessionLookup, Db } from './handle';

/**
 * PostgreSQL's per-instance session cache by the `db` it belongs to, for the one write that puts
 * its change into the cache itself instead of having it forgotten: the saved route
 * (users/users.ts `saveLastVisitedRoute`, the endpoint table's `keepsCallerSession`). Only the
 * database itself is registered, never a transaction: a change made inside one must not reach
 * the cache before it commits.
 */
const caches = new WeakMap<Db, CachedSessionLookup>();

/** Called by database.ts only, when it opens PostgreSQL. */
export function attachSessionCache(db: Db, cache: CachedSessionLookup): void {
  caches.set(db, cache);
}

export function sessionCacheOf(db: Db): CachedSessionLookup | undefined {
  return caches.get(db);
}
