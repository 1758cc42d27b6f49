import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index';
import type { Database } from './schema';
import type { DatabaseHandle, Db } from './handle';
import { openEmbeddedDatabase } from './embedded/open';
import { CONNECT_TIMEOUT_MS, KEEP_ALIVE } from './postgres/connection-settings';
import { pgModule } from './postgres/pg-module';
import { closeWhenReleased, prepareNamedStatements } from './postgres/prepared-statements';
import { SharedSessionCache } from './postgres/session-cache';
import { PIPELINED_CONNECTIONS, StatementPipelines } from './postgres/pipelines';
import { attachPipeline } from './pipelined';
import { attachSessionCache } from './cached-sessions';
import { RoundTripCounter } from './round-trips';

export type { DatabaseHandle, Db, DbDialect } from './handle';
export { DatabaseInUseError } from './embedded/open';

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Override the SQLite file name (tests use a throw-away file per run). */
  sqliteFile?: string;
  /** Count PostgreSQL round trips per endpoint (round-trips.ts): the bench's counting instance and its API test. */
  countRoundTrips?: boolean;
}

/**
 * PostgreSQL when a URL is given, otherwise the embedded SQLite file in `dataDir`. Either way
 * the rest of the server sees plain Kysely; SQLite's speed-ups live in db/embedded/ and are
 * plugged in by the app once migrations have run (decision 0023).
 */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (!options.databaseUrl) {
    return openEmbeddedDatabase(options.dataDir, options.sqliteFile ?? path.join(options.dataDir, 'bloom.sqlite'));
  }
  const pool = new (pgModule().Pool)({
    connectionString: options.databaseUrl,
    max: 10,
    // While the database is unreachable a request waits at most this long for a connection,
    // then answers 503 (http/database-unavailable.ts) instead of hanging.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // No JIT (decision 0080): it compiled organization insight's query for 550-650 ms at 10,000
    // clients, longer than the query runs, and nothing Bloom asks runs long enough to repay it.
    options: '-c jit=off',
    ...KEEP_ALIVE,
  });
  // A restart, failover or pg_terminate_backend closes connections. pg reports that as an
  // 'error' event on the client, which crashes the process when nobody listens. The pool
  // listens to idle clients only (and re-emits on the pool), so every client also gets a
  // listener of its own for the time it is checked out: the query or transaction that was
  // using it fails on its own promise, and the pool discards the broken client on release.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const sessionCache = new SharedSessionCache(db, options.databaseUrl);
  attachSessionCache(db, sessionCache);
  const roundTrips = options.countRoundTrips ? new RoundTripCounter() : undefined;
  const pipelines = new StatementPipelines(options.databaseUrl, PIPELINED_CONNECTIONS, (client) => roundTrips?.watch(client));
  attachPipeline(db, pipelines);
  pool.on('connect', (client) => {
    client.on('error', () => {});
    roundTrips?.watch(client);
    // Outside the counter, so a query sent again after a stale statement counts as the round trip it is.
    prepareNamedStatements(client, () => closeWhenReleased(client));
  });
  return {
    db,
    dialect: 'postgres',
    pool,
    pipelines,
    sessionCache,
    roundTrips,
    // PostgreSQL's own commit is durable (synchronous_commit=on) before it answers.
    flushDurable: async () => {},
    close: async () => {
      await sessionCache.close();
      await pipelines.close();
      await db.destroy();
    },
  };
}

/** What start-up's migration found. */
export interface MigrationOutcome {
  /** Migrations in the database that this build does not know, all after its own last one: a newer build ran them. */
  newerInDatabase: string[];
  /** For the log, when `newerInDatabase` is not empty. */
  warning: string | undefined;
}

/**
 * Runs this build's pending migrations (`known`: all of them; tests pass another set to play an
 * older or newer build) under Kysely's migration lock. Kysely's migrator refuses a database
 * that holds a migration it does not know. During a rolling upgrade, or after a rollback, an
 * instance of the previous build starts on a database the new build has migrated (decision
 * 0075): when every migration this build knows has run and the others all come after its own
 * last one, it starts without migrating and says so. An unknown migration among its own, or one
 * of its own not run, is an inconsistency the migrator goes on refusing.
 */
export async function migrateToLatest(db: Db, known: Record<string, Migration> = migrations): Promise<MigrationOutcome> {
  const ahead = await newerMigrationsIn(db, known);
  if (ahead) return ahead;
  const provider: MigrationProvider = { getMigrations: async () => known };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    // A newer build's instance may have migrated between our look and the migrator taking the lock.
    const aheadNow = await newerMigrationsIn(db, known);
    if (aheadNow) return aheadNow;
    // No failed migration: the migrator could not start (no connection, its lock, an unknown migration among ours).
    throw new Error(failed ? `Migration ${failed.migrationName} failed: ${String(error)}` : `Migrations could not run: ${String(error)}`, { cause: error });
  }
  return { newerInDatabase: [], warning: undefined };
}

/** The names of the migrations run on this database; fails where the migration table is missing. */
export async function appliedMigrationNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * The migrations a newer build ran, when every one `known` has run and all the others sort
 * after its last (in the order Kysely's migrator sorts names); otherwise undefined, and the
 * migrator decides. A database without the migration table (a fresh one), or that cannot be
 * read, is the migrator's too.
 */
async function newerMigrationsIn(db: Db, known: Record<string, Migration>): Promise<MigrationOutcome | undefined> {
  let applied: string[];
  try {
    applied = await appliedMigrationNames(db);
  } catch {
    return undefined;
  }
  const own = Object.keys(known).sort();
  const last = own.at(-1);
  const appliedSet = new Set(applied);
  if (last === undefined || own.some((name) => !appliedSet.has(name))) return undefined;
  const unknown = applied.filter((name) => !Object.hasOwn(known, name)).sort();
  if (unknown.length === 0 || unknown.some((name) => name <= last)) return undefined;
  return {
    newerInDatabase: unknown,
    warning:
      `The database is ahead of this build: it holds migrations this build does not know (${unknown.join(', ')}), ` +
      `run by a newer build. Every migration of this build (up to ${last}) has run, so it starts without migrating. ` +
      'Replace it with the newer build when you can.',
  };
}
