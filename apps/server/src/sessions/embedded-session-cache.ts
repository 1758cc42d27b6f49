import type SQLite from 'better-sqlite3';
import type { Db } from '../db/database';
import { watchRowChanges } from '../db/row-changes';
import { embeddedStatement } from '../db/prepared';
import { sha256 } from '../lib/crypto';
import { SessionCache } from './session-cache';
import { sessionRowUsableUntil, sessionWithUserQuery, userOf, type SessionContext, type SessionWithUserRow } from './sessions';

/** About 1 KB each; people signed in at once on one embedded server stay well below this. */
const CAPACITY = 10_000;

/**
 * The session cache of the embedded (SQLite) database: one process owns the file, so every
 * change to a session or user row passes through this connection, and SQLite itself reports
 * each one (db/row-changes.ts): the entries of that user or session are forgotten.
 *
 * PostgreSQL gets no cache: other instances change rows this one would never hear about.
 */
export class EmbeddedSessionCache {
  private readonly cache = new SessionCache(CAPACITY);
  private readonly read: SQLite.Statement<[string], SessionWithUserRow>;

  private constructor(
    db: Db,
    private readonly sqlite: SQLite.Database,
  ) {
    this.read = embeddedStatement(db, sqlite, sessionWithUserQuery);
    watchRowChanges(sqlite, 'users', 'id', (userId) => this.cache.forgetUser(userId));
    watchRowChanges(sqlite, 'sessions', 'id', (sessionId) => this.cache.forgetSession(sessionId));
  }

  private static readonly byConnection = new WeakMap<SQLite.Database, EmbeddedSessionCache>();

  /** One cache per connection; call after migrations (the triggers need the tables). */
  static for(db: Db, sqlite: SQLite.Database): EmbeddedSessionCache {
    let cache = EmbeddedSessionCache.byConnection.get(sqlite);
    if (!cache) EmbeddedSessionCache.byConnection.set(sqlite, (cache = new EmbeddedSessionCache(db, sqlite)));
    return cache;
  }

  get size(): number {
    return this.cache.size;
  }

  /**
   * The session for `token` when it can be answered at once: from the cache, or read and
   * cached in the same synchronous step, so no write can slip in between the read and the
   * caching. `null`: no such session. `undefined`: ask `findSession`, which handles expiry and
   * the sliding idle window (both writes), or waits for a transaction in progress.
   */
  findNow(token: string): SessionContext | null | undefined {
    const now = Date.now();
    const cached = this.cache.lookup(token, now);
    if (cached) return cached;
    // Between the statements of another request's transaction this connection would read its
    // uncommitted rows, which a rollback would take back without firing any trigger.
    if (this.sqlite.inTransaction) return undefined;
    const sessionId = sha256(token);
    const row = this.read.get(sessionId);
    if (!row) return null;
    const staleAfter = sessionRowUsableUntil(row);
    if (now >= staleAfter) return undefined;
    const context: SessionContext = Object.freeze({ sessionId, user: Object.freeze(userOf(row)) });
    this.cache.remember({ token, context, staleAfter });
    return context;
  }
}
