import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Db } from '../src/db/database';
import { migrations } from '../src/db/migrations/index';
import { checkReadiness } from '../src/operations/probes';
import { maybeCreatePostgresDatabase, startServerProcess, type ServerProcess } from './support/server-process';

/**
 * A rolling upgrade (docs/deploy.md, decision 0075): the first instance of the new build applies
 * its migrations while instances of the previous build keep serving, and one of those may restart
 * (a crash, a host lost, the service manager) before it is replaced, or the deployment may be
 * rolled back to it. The previous build must then start on a database that holds migrations it
 * does not know, as long as they all come after its own. A newer build is simulated here by this
 * build's migrations with one more appended.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const KNOWN = Object.keys(migrations).sort();
const LAST = KNOWN.at(-1)!;
const NEWER = `${String(Number(LAST.slice(0, 4)) + 1).padStart(4, '0')}_from_a_newer_build`;
const newerMigration: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema.createTable('newer_build_notes').addColumn('id', 'text', (column) => column.primaryKey()).execute();
  },
};

async function runMigrations(db: Db, set: Record<string, Migration>): Promise<void> {
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => set } }).migrateToLatest();
  if (error) throw error;
}

async function appliedNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

describe(`an instance of the previous build on a database a newer build migrated (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  let database: DatabaseHandle | undefined;
  let dataDir: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let proc: ServerProcess | undefined;
  afterEach(async () => {
    await database?.close();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await proc?.dispose();
    database = dataDir = dropDatabase = proc = undefined;
  });

  async function freshDatabase(): Promise<DatabaseHandle & { databaseUrl: string | undefined }> {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bloom-newer-build-'));
    const postgres = await maybeCreatePostgresDatabase();
    dropDatabase = postgres.drop;
    database = openDatabase({ databaseUrl: postgres.databaseUrl, dataDir });
    return { ...database, databaseUrl: postgres.databaseUrl };
  }

  it('restarts, serves and is ready, and says in its log that the database is ahead of it', async () => {
    proc = await startServerProcess({ LOG_LEVEL: 'warn' });
    const guest = proc.asTestServer().client();
    expect((await guest.post('/api/user/ContinueAsGuest', {})).status).toBe(200);
    await proc.kill();

    // The newer build's first instance migrates the database the stopped instance used.
    const newer = openDatabase({ databaseUrl: proc.databaseUrl, dataDir: proc.dataDir });
    try {
      await runMigrations(newer.db, { ...migrations, [NEWER]: newerMigration });
    } finally {
      await newer.close();
    }

    // The previous build's instance comes back (its service manager restarted it).
    await proc.start();
    const client = proc.asTestServer().client();
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready' });
    expect((await client.post('/api/user/ContinueAsGuest', {})).status).toBe(200);
    expect((await client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
    expect((await guest.get('/api/user/getCurrentUser')).status).toBe(200);
    expect(proc.output()).toMatch(/the database is ahead of this build/i);
    expect(proc.output()).toContain(NEWER);
  }, 120_000);

  it('migrateToLatest leaves newer migrations alone, reports them, and readiness judges this build\'s own', async () => {
    const { db } = await freshDatabase();
    await runMigrations(db, { ...migrations, [NEWER]: newerMigration });

    const outcome = await migrateToLatest(db);
    expect(outcome.newerInDatabase).toEqual([NEWER]);
    expect(outcome.warning).toMatch(/^The database is ahead of this build/);
    expect(await appliedNames(db)).toEqual([...KNOWN, NEWER]);
    expect(await checkReadiness(database!)).toEqual({ ready: true });
  });

  it('a database migrated by this build itself starts as before, with nothing reported', async () => {
    const { db } = await freshDatabase();
    expect(await migrateToLatest(db)).toEqual({ newerInDatabase: [], warning: undefined });
    expect(await migrateToLatest(db)).toEqual({ newerInDatabase: [], warning: undefined });
    expect(await appliedNames(db)).toEqual(KNOWN);
  });

  it('still refuses a database holding an unknown migration among its own', async () => {
    const { db } = await freshDatabase();
    const between = `${KNOWN[Math.floor(KNOWN.length / 2)]}_from_elsewhere`;
    expect(between > KNOWN[Math.floor(KNOWN.length / 2)]! && between < KNOWN[Math.floor(KNOWN.length / 2) + 1]!).toBe(true);
    await runMigrations(db, { ...migrations, [between]: { up: async () => {} } });
    await expect(migrateToLatest(db)).rejects.toThrow(between);
  });

  it('still refuses when one of its own migrations has not run, even though the unknown one comes after', async () => {
    const { db } = await freshDatabase();
    // Another line of development's next migration ran where this build's last one did not.
    const withoutLast = Object.fromEntries(KNOWN.slice(0, -1).map((name) => [name, migrations[name]!]));
    await runMigrations(db, { ...withoutLast, [NEWER]: newerMigration });
    await expect(migrateToLatest(db)).rejects.toThrow(NEWER);
    expect(await appliedNames(db)).not.toContain(LAST);
  });

  it.runIf(onPostgres)('starts when the newer build migrates between its look at the database and the migrator\'s lock', async () => {
    const { db, databaseUrl } = await freshDatabase();
    await migrateToLatest(db);
    // The newer build's instance holds Kysely's migration lock while it migrates.
    const newer = new pg.Client({ connectionString: databaseUrl });
    await newer.connect();
    try {
      await newer.query('select pg_advisory_lock(3853314791062309107)');
      const starting = migrateToLatest(db);
      starting.catch(() => {});
      // Ours has looked (nothing newer yet) and now waits for the lock.
      for (let waited = 0; ; waited += 20) {
        const { rows } = await newer.query("select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted");
        if (rows[0].n > 0) break;
        if (waited > 10_000) throw new Error('the migrator never waited for the lock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await newer.query('create table newer_build_notes (id text primary key)');
      await newer.query('insert into kysely_migration (name, timestamp) values ($1, $2)', [NEWER, new Date().toISOString()]);
      await newer.query('select pg_advisory_unlock(3853314791062309107)');
      expect((await starting).newerInDatabase).toEqual([NEWER]);
    } finally {
      await newer.end();
    }
  });
});
