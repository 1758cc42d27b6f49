import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../src/db/handle';
import { MAX_NAMED_STATEMENTS } from '../src/db/postgres/prepared-statements';
import { startTestServer, type TestServer } from './harness';

/**
 * Named prepared statements on PostgreSQL (db/postgres/prepared-statements.ts, decision 0039),
 * on the server's own pool: a statement is parsed once per connection and then runs on a
 * generic plan; a statement gone stale after a table's columns changed is sent again unnamed
 * (outside a transaction) or fails its one call and retires its connection (inside one).
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL named prepared statements', () => {
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    server = await startTestServer();
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** This connection's prepared statement for `text`, as PostgreSQL reports it. */
  async function preparedOn(connection: Db, text: string) {
    const { rows } = await sql<{ name: string; generic_plans: string; custom_plans: string }>`
      select name, generic_plans, custom_plans from pg_prepared_statements where statement = ${text}
    `.execute(connection);
    return rows[0];
  }

  async function backendPid(connection: Db): Promise<number> {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
    return rows[0]!.pid;
  }

  /** Whether the backend `pid` has gone within 2 s (a connection closed by the pool ends its backend). */
  async function closedSoon(pid: number): Promise<boolean> {
    const open = async () => {
      const { rows } = await sql<{ open: number }>`select count(*)::int as open from pg_stat_activity where pid = ${pid}`.execute(db);
      return rows[0]!.open > 0;
    };
    for (let waited = 0; waited < 2_000 && (await open()); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    return !(await open());
  }

  it('a query is prepared once per connection and then runs on a generic plan', async () => {
    // The server answers through the same pool.
    const guest = server.client();
    expect((await guest.post('/api/user/ContinueAsGuest', { referrer: 'test' })).status).toBe(200);
    expect((await guest.get('/api/user/getCurrentUser')).status).toBe(200);
    await db.connection().execute(async (connection) => {
      const query = connection.selectFrom('users').select(['id', 'is_guest']).where('id', '=', 'nobody');
      for (let i = 0; i < 8; i++) expect(await query.execute()).toEqual([]);
      const prepared = await preparedOn(connection, query.compile().sql);
      expect(prepared?.name).toMatch(/^bloom_\d+$/);
      // PostgreSQL plans the first five runs for their values, then keeps a generic plan and stops planning.
      expect(Number(prepared?.custom_plans)).toBe(5);
      expect(Number(prepared?.generic_plans)).toBe(3);
    });
  });

  it('transaction control and DDL are not prepared', async () => {
    await db.connection().execute(async (connection) => {
      await connection.transaction().execute(async (trx) => {
        await sql`create temporary table scratch_unprepared (id integer) on commit drop`.execute(trx);
      });
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
      for (const { statement } of rows) expect(statement).toMatch(/^\s*(select|insert|update|delete|with)\b/i);
    });
  });

  it('a statement gone stale after a column was added is sent again unnamed, outside a transaction', async () => {
    await sql`create table scratch_outside (id integer)`.execute(db);
    await sql`insert into scratch_outside values (1)`.execute(db);
    const read = sql<Record<string, unknown>>`select * from scratch_outside`;
    await db.connection().execute(async (connection) => {
      expect((await read.execute(connection)).rows).toEqual([{ id: 1 }]);
      // Another connection changes the table, as a migration run by another instance would.
      await sql`alter table scratch_outside add column added text default 'new'`.execute(db);
      expect((await read.execute(connection)).rows).toEqual([{ id: 1, added: 'new' }]);
    });
  });

  it('inside a transaction the stale statement fails its call, and its connection is closed on release', async () => {
    await sql`create table scratch_inside (id integer)`.execute(db);
    const read = sql<Record<string, unknown>>`select * from scratch_inside`;
    let pid = 0;
    await db.connection().execute(async (connection) => {
      pid = await backendPid(connection);
      await read.execute(connection);
      await sql`alter table scratch_inside add column added text`.execute(db);
      const failed = connection.transaction().execute((trx) => read.execute(trx));
      await expect(failed).rejects.toMatchObject({ code: '0A000' });
      // The same connection still answers, unnamed, until it goes back to the pool.
      expect((await read.execute(connection)).rows).toEqual([]);
    });
    expect(await closedSoon(pid)).toBe(true);
    // And the table reads as it is now on the pool's other connections.
    expect((await read.execute(db)).rows).toEqual([]);
  });

  it('a transaction that reads a table, adds a column and reads it again works, as a migration may', async () => {
    await sql`create table scratch_migration (id integer)`.execute(db);
    const read = sql<Record<string, unknown>>`select * from scratch_migration`;
    let pid = 0;
    await db.connection().execute(async (connection) => {
      pid = await backendPid(connection);
      const rows = await connection.transaction().execute(async (trx) => {
        await read.execute(trx);
        await sql`alter table scratch_migration add column added text`.execute(trx);
        await sql`insert into scratch_migration values (1, 'new')`.execute(trx);
        return (await read.execute(trx)).rows;
      });
      expect(rows).toEqual([{ id: 1, added: 'new' }]);
    });
    // The connection that changed the schema is closed on release, with whatever it prepared.
    expect(await closedSoon(pid)).toBe(true);
  });

  it(`a connection holds at most ${MAX_NAMED_STATEMENTS} named statements, and the rest still run`, async () => {
    await db.connection().execute(async (connection) => {
      for (let n = 0; n < MAX_NAMED_STATEMENTS + 40; n++) {
        const { rows } = await sql<{ n: number }>`select ${n}::int + ${sql.lit(n)} as n`.execute(connection);
        expect(rows[0]!.n).toBe(2 * n);
      }
      const { rows } = await sql<{ named: number }>`select count(*)::int as named from pg_prepared_statements where name like 'bloom\_%'`.execute(connection);
      expect(rows[0]!.named).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
      expect(rows[0]!.named).toBeGreaterThan(MAX_NAMED_STATEMENTS / 2);
    });
  });
});
