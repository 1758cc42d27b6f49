import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/lib/crypto';
import { person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * A signed-in session's idle window slides forward at most once a minute, with a write
 * (sessions.ts, `findSession`). When that write failed because the database could not write (a
 * full disk on SQLite) every request of the person failed with it, reads included, a minute after
 * the fault began (decision 0079). Now the read answers and the slide is tried again next time.
 *
 * SQLite: every writing statement throws SQLITE_FULL, as better-sqlite3 does on a full disk.
 * PostgreSQL: a trigger fails the session's update with 57P01, as a connection ended by the
 * administrator does.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Until the returned function is called, the slide's write fails as the database's own error. */
async function failSessionWrites(): Promise<() => Promise<void>> {
  if (!onPostgres) {
    const sqlite = server.database.sqlite!;
    const prototype = Object.getPrototypeOf(sqlite.prepare('select 1')) as Record<'run' | 'get' | 'all', (...args: unknown[]) => unknown>;
    const original = { run: prototype.run, get: prototype.get, all: prototype.all };
    for (const name of ['run', 'get', 'all'] as const) {
      prototype[name] = function (this: SQLite.Statement, ...args: unknown[]) {
        if (!this.readonly) throw new SQLite.SqliteError('database or disk is full', 'SQLITE_FULL');
        return original[name].apply(this, args);
      };
    }
    return async () => void Object.assign(prototype, original);
  }
  const client = new pg.Client({ connectionString: server.config.databaseUrl });
  await client.connect();
  await client.query(`create function bloom_test_refuse_session() returns trigger language plpgsql as $$
    begin raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end $$`);
  await client.query('create trigger bloom_test_refuse_session before update on sessions for each row execute function bloom_test_refuse_session()');
  return async () => {
    await client.query('drop trigger bloom_test_refuse_session on sessions');
    await client.query('drop function bloom_test_refuse_session()');
    await client.end();
  };
}

describe('the sliding idle window while the database cannot write', () => {
  it('still answers a signed-in person whose session is due to slide, and slides it once the write works again', async () => {
    const member = await person(server);
    expect((await member.client.get('/api/user/getCurrentUser')).status).toBe(200);
    // Last seen two minutes ago: the next request slides the idle window (a write).
    const token = member.client.cookies.get('bloom_session')!;
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000).toISOString();
    await server.database.db.updateTable('sessions').set({ last_seen_at: twoMinutesAgo }).where('id', '=', sha256(token)).execute();
    // PostgreSQL's per-instance cache hears of that change by its notice.
    await server.database.sessionCache?.caughtUp();

    const stopFailing = await failSessionWrites();
    try {
      for (let request = 0; request < 2; request++) {
        const me = await member.client.get('/api/user/getCurrentUser');
        expect(me.status, me.text).toBe(200);
        expect(me.body.id).toBe(member.id);
      }
      const questions = await member.client.get('/api/data/GetModuleQuestions/Experiences');
      expect(questions.status, questions.text).toBe(200);
    } finally {
      await stopFailing();
    }
    const row = await server.database.db.selectFrom('sessions').select('last_seen_at').where('id', '=', sha256(token)).executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBe(twoMinutesAgo);

    expect((await member.client.get('/api/user/getCurrentUser')).status).toBe(200);
    const slid = await server.database.db.selectFrom('sessions').select('last_seen_at').where('id', '=', sha256(token)).executeTakeFirstOrThrow();
    expect(slid.last_seen_at > twoMinutesAgo).toBe(true);
  });
});
