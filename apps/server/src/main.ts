import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { backupEmbeddedDatabase } from './db/backup';
import { migrateToLatest, openDatabase } from './db/database';
import { EmbeddedDatabaseRefusal } from './db/embedded-storage';
import { shutDownOnSignals } from './operations/shutdown';

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
  // On a database a newer build has migrated (a rolling upgrade, a rollback) it starts without migrating (decision 0075).
  const migration = await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  if (migration.warning) app.log.warn({ newerMigrations: migration.newerInDatabase }, migration.warning);
  await app.listen({ port: config.port, host: config.host });
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
  }

  // SIGTERM/SIGINT: "not ready" first, serve for SHUTDOWN_DRAIN_SECONDS, then finish and exit (decision 0071).
  shutDownOnSignals(app, { drainMs: config.shutdownDrainMs, closeDatabase: () => database.close() });
}

void main().catch((error: unknown) => {
  console.error('Bloom failed to start:', error);
  process.exit(1);
});
