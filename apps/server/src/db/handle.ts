import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { RoundTripCounter } from './round-trips';
import type { Database, UsersTable } from './schema';

/**
 * What every other module knows of the database: a Kysely instance, which dialect it speaks,
 * and when writes are durable. Kept apart from database.ts (which opens one) so the embedded
 * speed-ups (db/embedded/) can name these types without importing the module that opens them.
 */
export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';

/** A signed-in session and its user, as a session cache answers it (sessions/sessions.ts's `SessionContext`). */
export interface SessionOfCookie {
  sessionId: string;
  user: UsersTable;
}

/** PostgreSQL's per-instance session cache, kept true by change notices (db/postgres/session-cache.ts, decision 0035). */
export interface CachedSessionLookup {
  /** The cached session of a cookie token, or `undefined`: ask `find`. */
  findNow(token: string): SessionOfCookie | undefined;
  /** Reads it from the database (caching it when it may be); `null`: no such session. */
  find(token: string): Promise<SessionOfCookie | null>;
  /** A write on this instance may have changed this user: forget their sessions here at once. */
  forgetUser(userId: string): void;
  /** How many changes this cache has heard of so far: read before a write whose answer `progressSaved` reports. */
  readonly noticesHeard: number;
  /**
   * This instance has just stored the user's route (after `heardBefore` notices): their cached
   * sessions take it at once, unless the cache already heard of it, or of a later one.
   */
  progressSaved(userId: string, route: string, updatedAt: string, heardBefore: number): void;
  /** Resolves once every change committed before the call has reached this cache (tests, the bench's counts). */
  caughtUp(): Promise<void>;
}

export interface DatabaseHandle {
  db: Db;
  dialect: DbDialect;
  /**
   * The SQLite connection itself (absent on PostgreSQL), for what must run on it directly: the
   * embedded speed-ups (db/embedded/accelerator.ts, decision 0023) and online backups
   * (backup.ts). Queries go through `db`.
   */
  sqlite?: SQLite.Database;
  /** PostgreSQL only: sessions cached per instance (SQLite's cache is part of its accelerator, decision 0011). */
  sessionCache?: CachedSessionLookup;
  /** PostgreSQL's round trips per endpoint, when opened with `countRoundTrips` (round-trips.ts). */
  roundTrips?: RoundTripCounter;
  /** PostgreSQL's connection pool, read for its counts (/metrics, operations/metrics.ts); absent on SQLite. */
  pool?: ConnectionPoolCounts;
  /** PostgreSQL's pipelined connections (decision 0054), read for their count in flight (/metrics); absent on SQLite. */
  pipelines?: { readonly statementsInFlight: number };
  /** Resolves once every write committed so far is on stable storage (db/embedded/durability.ts on SQLite). */
  flushDurable(): Promise<void>;
  close(): Promise<void>;
}

/** What pg.Pool tells of itself: connections open, idle, and queries waiting for one. */
export interface ConnectionPoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}
