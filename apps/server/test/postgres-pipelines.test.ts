import { questionsForTrack } from '@bloom/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuery, type Query } from '../src/db/accelerator';
import { openDatabase } from '../src/db/database';
import type { Db } from '../src/db/handle';
import { PIPELINE_APPLICATION_NAME, PIPELINED_CONNECTIONS } from '../src/db/postgres/pipelines';
import { person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * PostgreSQL's pipelined connections (db/postgres/pipelines.ts, decision 0054): the short
 * statements that need no connection of their own (`runQuery` and the one-call answer save)
 * go over a few pipelined connections when no transaction is open, and inside one over the
 * transaction's own connection; a pipelined connection that PostgreSQL ends is replaced.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL pipelined statements', () => {
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    server = await startTestServer();
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  const backendOf: Query<[], { pid: number }> = (on) => on.selectNoFrom(sql<number>`pg_backend_pid()`.as('pid'));

  /** The backends of this server's pipelined connections, with the last statement each ran. */
  async function pipelinedBackends(): Promise<Array<{ pid: number; query: string }>> {
    const { rows } = await sql<{ pid: number; query: string }>`
      select pid, query from pg_stat_activity where application_name = ${PIPELINE_APPLICATION_NAME} and datname = current_database()
    `.execute(db);
    return rows;
  }

  it(`runs statements outside a transaction over at most ${PIPELINED_CONNECTIONS} pipelined connections, the answer save included`, async () => {
    const member = await person(server);
    expect((await member.client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
    const [first] = questionsForTrack('Rapid');
    const save = await member.client.post('/api/user/SaveQuestionResponse', [{ questionGuid: first!.questionGuid, response: 3, order: first!.order }]);
    expect(save.status).toBe(200);

    const backends = await pipelinedBackends();
    expect(backends.length).toBeGreaterThanOrEqual(1);
    expect(backends.length).toBeLessThanOrEqual(PIPELINED_CONNECTIONS);
    expect(backends.some((backend) => backend.query.includes('bloom_save_latest_answers'))).toBe(true);
    const answeredBy = new Set<number>();
    for (let i = 0; i < 2 * PIPELINED_CONNECTIONS; i++) answeredBy.add((await runQuery(db, backendOf))[0]!.pid);
    const pipelined = (await pipelinedBackends()).map((backend) => backend.pid);
    for (const pid of answeredBy) expect(pipelined).toContain(pid);
  });

  it("inside a transaction runs them on the transaction's own connection", async () => {
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const [row] = await runQuery(trx, backendOf);
      expect(row!.pid).toBe(rows[0]!.pid);
    });
  });

  it('sends statements written under a name gone stale again unnamed, every one of them', async () => {
    await sql`create table scratch_pipelined (id integer)`.execute(db);
    await sql`insert into scratch_pipelined values (1)`.execute(db);
    const read: Query<[], Record<string, unknown>> = (on) => on.selectFrom(sql`scratch_pipelined`.as('t')).selectAll();
    // Prepared on every pipelined connection.
    for (let i = 0; i < 2 * PIPELINED_CONNECTIONS; i++) expect(await runQuery(db, read)).toEqual([{ id: 1 }]);
    // Another connection changes the table, as a migration run by another instance would.
    await sql`alter table scratch_pipelined add column added text default 'new'`.execute(db);
    const reads = await Promise.all(Array.from({ length: 4 * PIPELINED_CONNECTIONS }, () => runQuery(db, read)));
    for (const rows of reads) expect(rows).toEqual([{ id: 1, added: 'new' }]);
    expect(await runQuery(db, read)).toEqual([{ id: 1, added: 'new' }]);
  });

  it('replaces a pipelined connection that PostgreSQL ended, and keeps answering', async () => {
    for (let i = 0; i < PIPELINED_CONNECTIONS; i++) await runQuery(db, backendOf);
    const ended = (await pipelinedBackends()).map((backend) => backend.pid);
    expect(ended.length).toBe(PIPELINED_CONNECTIONS);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where pid = any(${ended})`.execute(db);
    // The driver hears the termination as an error on each connection, which retires it.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const answeredBy = new Set<number>();
    for (let i = 0; i < 2 * PIPELINED_CONNECTIONS; i++) answeredBy.add((await runQuery(db, backendOf))[0]!.pid);
    for (const pid of answeredBy) expect(ended).not.toContain(pid);
    const guest = server.client();
    expect((await guest.post('/api/user/ContinueAsGuest', { referrer: 'test' })).status).toBe(200);
    expect((await guest.get('/api/user/getCurrentUser')).status).toBe(200);
  });

  it('opens no connection once the database is closed: a late statement fails', async () => {
    const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '' });
    expect((await runQuery(handle.db, backendOf)).length).toBe(1);
    await handle.close();
    await expect(runQuery(handle.db, backendOf)).rejects.toThrow('closed');
  });
});
