import { sql } from 'kysely';
import { buildApp } from './app';
import { ConfigError, databaseLocation, loadConfig } from './config';
import { backupEmbeddedDatabase } from './db/backup';
import { migrateToLatest, openDatabase } from './db/database';
import { EmbeddedDatabaseRefusal } from './db/embedded-storage';
import { shutDownOnSignals } from './operations/shutdown';
import { listenFailure } from './operations/listen-failure';

/** Starts Bloom: validate configuration, migrate, listen, and shut down gracefully on SIGTERM/SIGINT (operations/shutdown.ts). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  let database;
  try {
    database = openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      // The bench's counting instance (bench/postgres.ts): round trips per endpoint at /internal/db-round-trips.
      countRoundTrips: process.env.COUNT_DB_ROUND_TRIPS === '1',
    });
  } catch (error) {
    if (error instanceof EmbeddedDatabaseRefusal) {
      console.error(error.message);
      // 75 EX_TEMPFAIL: another process holds the SQLite file, it may start once that one has stopped;
      // 73 EX_CANTCREAT: DATA_DIR or the file cannot be written (decision 0079).
      process.exit(error.exitCode);
    }
    throw error;
  }
  const { databaseUrl } = config;
  if (databaseUrl) {
    // The first connection, apart from the migrations: a wrong address, password or database name is the operator's to fix.
    await sql`select 1`.execute(database.db).catch((error: unknown) =>
      stopStartUp(`Cannot reach PostgreSQL at DATABASE_URL (${databaseLocation(databaseUrl)}): ${connectionFailure(error, databaseUrl)}`, 69, error, config.logLevel),
    );
  }
  // On a database a newer build has migrated (a rolling upgrade, a rollback) it starts without migrating (decision 0075).
  const migration = await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  if (migration.warning) app.log.warn({ newerMigrations: migration.newerInDatabase }, migration.warning);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const failure = listenFailure((error as { code?: unknown }).code, config);
    if (failure) stopStartUp(failure.message, failure.exitCode, error, config.logLevel);
    throw error;
  }
  app.log.info(`Bloom is running at ${config.appOrigin} (${database.dialect})`);

  // `kill -USR2 <pid>`: an online copy of the embedded database into DATA_DIR/backups (db/backup.ts).
  const { sqlite } = database;
  if (sqlite) {
    process.on('SIGUSR2', () => {
      backupEmbeddedDatabase(sqlite, config.dataDir).then(
        (file) => app.log.info(`Backup written to ${file}`),
        (error: unknown) => app.log.error({ err: error }, 'Backup failed'),
      );
    });
    // The pid a backup's signal goes to: npm, when it started this, exits on SIGUSR2 instead of passing it on.
    app.log.info(`Backups of the embedded database: kill -USR2 ${process.pid}`);
  }

  // SIGTERM/SIGINT: "not ready" first, serve for SHUTDOWN_DRAIN_SECONDS, then finish and exit (decision 0071).
  shutDownOnSignals(app, { drainMs: config.shutdownDrainMs, closeDatabase: () => database.close() });
}

/**
 * Start-up stops with one line saying what to fix, without a stack trace (LOG_LEVEL=debug or
 * trace adds the error), and an exit code per cause in the manner of sysexits.h (decision 0003):
 * 68 HOST cannot be resolved or is not this machine's, 69 PostgreSQL cannot be reached, 71 PORT
 * is in use, 73 and 75 the SQLite file (decision 0079), 77 PORT needs rights the process lacks,
 * 78 a malformed value.
 */
function stopStartUp(message: string, exitCode: number, error: unknown, logLevel: string): never {
  console.error(message);
  if (logLevel === 'debug' || logLevel === 'trace') console.error(error);
  process.exit(exitCode);
}

/**
 * Why the first connection to PostgreSQL failed, as pg and Node say it (`connect ECONNREFUSED …`,
 * `password authentication failed for user "bloom"`, `database "bloom" does not exist`), each
 * distinct cause once (a name with several addresses fails with each). These name the host, the
 * user or the database, never the password; should one ever carry it, it is cut out (a password
 * of fewer than 4 characters is not looked for: it would cut up the words).
 */
function connectionFailure(error: unknown, databaseUrl: string): string {
  const causes = error instanceof AggregateError && error.errors.length > 0 ? error.errors : [error];
  let text = [...new Set(causes.map((cause) => (cause instanceof Error && cause.message) || String((cause as { code?: unknown })?.code ?? cause)))].join('; ');
  const password = (URL.parse(databaseUrl) ?? URL.parse(databaseUrl.replace('@/', '@placeholder/')))?.password ?? '';
  for (const secret of new Set([password, safeDecode(password)])) if (secret.length >= 4) text = text.split(secret).join('***');
  return text;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

void main().catch((error: unknown) => {
  console.error('Bloom failed to start:', error);
  process.exit(1);
});
