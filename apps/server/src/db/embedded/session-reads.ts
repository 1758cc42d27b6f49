import type SQLite from 'better-sqlite3';
import type { Db } from '../handle';
import { sha256 } from '../../lib/crypto';
import { sessionRowUsableUntil, sessionWithUserQuery, userOf, type SessionContext, type SessionWithUserRow, type UserRow } from '../../sessions/sessions';
import { embeddedStatement } from './hot-queries';
import { watchRowChanges } from './row-changes';
import { SessionCache } from './session-cache';

/** Written on every route change of the journey (SaveUserProgress); read back instead of dropping the sessions. */
const PROGRESS_COLUMNS = ['last_visited_route', 'updated_at'] as const;
type ProgressRow = Pick<UserRow, (typeof PROGRESS_COLUMNS)[number]>;
const progressQuery = (db: Db, userId: string) => db.selectFrom('users').select([...PROGRESS_COLUMNS]).where('id', '=', userId);

/**
 * About 1 KB each. More people active within IDLE_MS than this still work: the longest-held
 * entries leave first, and their next request reads them again (one indexed read, a few µs).
 * Was 10,000, then 2,000 (issue 28 memory: V8 sizes the heap as a multiple of what is live, and
 * a fast host's journey benchmark fills the caches to their caps). At 500, RSS after the
 * benchmark's API load was 125–135 MB against 135–137 at 2,000, with the same throughput
 * (docs/performance.md, "Memory, sixth round"). What the cache saves most is the reads of a
 * page's several calls, which come together; the most recent 500 people cover those at any
 * rate one process serves, and a person whose entry has gone pays one indexed read.
 */
export const CAPACITY = 500;
/**
 * A session not used for this long leaves the cache (issue 28 memory: the cache otherwise kept
 * everyone since start-up, up to CAPACITY). Its next request reads it again: one indexed read.
 */
export const IDLE_MS = 2 * 60_000;

/**
 * The session cache of the embedded (SQLite) database: one process owns the file, so every
 * change to a session or user row passes through this connection, and SQLite itself reports
 * each one (row-changes.ts): the entries of that user or session are forgotten.
 *
 * PostgreSQL gets no cache: other instances change rows this one would never hear about.
 */
export class EmbeddedSessionCache {
  private readonly cache = new SessionCache(CAPACITY, IDLE_MS);
  private readonly read: SQLite.Statement<[string], SessionWithUserRow>;
  private readonly readProgress: SQLite.Statement<[string], ProgressRow>;
  /** Users whose progress columns changed in a statement that may not have finished yet. */
  private readonly progressToReadBack = new Set<string>();
  /** Users whose progress columns changed inside the accelerator's open transaction: read back once it commits. */
  private readonly progressInTransaction = new Set<string>();
  private acceleratedTransactionOpen = false;

  /** Call once migrations have run (the triggers need the tables); accelerator.ts makes one per connection. */
  constructor(
    db: Db,
    private readonly sqlite: SQLite.Database,
  ) {
    this.read = embeddedStatement(db, sqlite, sessionWithUserQuery);
    this.readProgress = embeddedStatement(db, sqlite, progressQuery);
    watchRowChanges(sqlite, 'users', 'id', (userId) => this.cache.forgetUser(userId), {
      columns: PROGRESS_COLUMNS,
      listener: (userId) => this.progressChanged(userId),
    });
    watchRowChanges(sqlite, 'sessions', 'id', (sessionId) => this.cache.forgetSession(sessionId));
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
    if (this.progressToReadBack.size > 0) this.readBackProgress();
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

  /**
   * Only the progress columns of a user changed (every page of the journey saves its route).
   * The row is read back once the statement is over, instead of dropping the user's sessions
   * and reading them whole on their next request: by then the statement has committed or
   * failed, and the columns read are whatever SQLite holds. Inside the accelerator's own
   * transaction (every writing endpoint's) they are read back once it commits; inside any other
   * transaction, which may still be rolled back unseen, the sessions are forgotten as for any
   * other change.
   */
  private progressChanged(userId: string): void {
    if (!this.cache.hasUser(userId)) return;
    if (this.sqlite.inTransaction) {
      // Until the transaction ends, the copy holds what is committed, which is right for everyone else.
      if (this.acceleratedTransactionOpen) this.progressInTransaction.add(userId);
      else this.cache.forgetUser(userId);
      return;
    }
    if (this.progressToReadBack.size === 0) queueMicrotask(() => this.readBackProgress());
    this.progressToReadBack.add(userId);
  }

  /** The accelerator began a transaction (accelerator.ts); a progress-only change in it is read back at its end instead of dropping the sessions. */
  transactionStarted(): void {
    this.acceleratedTransactionOpen = true;
  }

  /** It ended: after a commit, its progress changes are read back now; after a rollback the copies already hold what SQLite does. */
  transactionEnded(committed: boolean): void {
    this.acceleratedTransactionOpen = false;
    if (committed) for (const userId of this.progressInTransaction) this.progressToReadBack.add(userId);
    this.progressInTransaction.clear();
    if (this.progressToReadBack.size > 0) this.readBackProgress();
  }

  /**
   * Never throws: it runs after a commit (whose write must not then be answered as failed) and
   * from a microtask (where a throw would end the process). A read that fails forgets the user's
   * sessions, which is always safe: the next request reads them again.
   */
  private readBackProgress(): void {
    for (const userId of this.progressToReadBack) {
      let row: ProgressRow | undefined;
      try {
        row = this.sqlite.inTransaction ? undefined : this.readProgress.get(userId);
      } catch {
        row = undefined;
      }
      if (!row) {
        this.cache.forgetUser(userId);
        continue;
      }
      this.cache.updateUser(userId, (user) => {
        const updated = userOf(user);
        updated.last_visited_route = row.last_visited_route;
        updated.updated_at = row.updated_at;
        return updated;
      });
    }
    this.progressToReadBack.clear();
  }
}
