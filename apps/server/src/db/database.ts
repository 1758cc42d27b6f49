import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
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

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
