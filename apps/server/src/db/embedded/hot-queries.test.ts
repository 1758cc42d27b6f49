import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { attachAccelerator, runQuery, type EmbeddedAccelerator, type QueryArgument } from '../accelerator';
import type { Db } from '../handle';
import { hotQueryRunner } from './hot-queries';
import { kyselyConnection } from './statements';

/** A throw-away table; the queries below are typed loosely on purpose. `accelerated: false` is the plain Kysely path. */
function openScratch(accelerated = true): { db: Db; sqlite: SQLite.Database } {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table notes (id text primary key, n integer, label text)');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: kyselyConnection(sqlite) }) }) as unknown as Db;
  if (accelerated) {
    attachAccelerator(db, { run: hotQueryRunner(db, sqlite) } as EmbeddedAccelerator);
  }
  return { db, sqlite };
}

type Loose = Kysely<Record<string, Record<string, QueryArgument>>>;
const loose = (db: Db) => db as unknown as Loose;
const insertRows = (db: Db, ...values: QueryArgument[]) => {
  const rows = [];
  for (let i = 0; i < values.length; i += 3) rows.push({ id: values[i]!, n: values[i + 1]!, label: values[i + 2]! });
  return loose(db).insertInto('notes').values(rows);
};
const selectAll = (db: Db) => loose(db).selectFrom('notes').selectAll().orderBy('id');

describe('hot queries (runQuery on the embedded database)', () => {
  it('binds strings, numbers and nulls where the placeholders stood, directly, inside a transaction and on the plain path', async () => {
    const row = fc.tuple(fc.uuid(), fc.oneof(fc.integer(), fc.constant(null)), fc.oneof(fc.string(), fc.constant(null)));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(row, { minLength: 1, maxLength: 5, selector: ([id]) => id }), fc.constantFrom('direct', 'transaction', 'plain'), async (rows, path) => {
        const { db, sqlite } = openScratch(path !== 'plain');
        // One statement per row count: each size is built once and kept.
        const values = rows.flat();
        if (path === 'transaction') await db.transaction().execute((trx) => runQuery(trx, insertRows, ...values));
        else await runQuery(db, insertRows, ...values);
        const expected = [...rows].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, n, label]) => ({ id, n, label }));
        expect(await runQuery(db, selectAll)).toEqual(expected);
        sqlite.close();
      }),
      { numRuns: 40 },
    );
  });

  it('builds one statement per number of arguments, each with its own rows', async () => {
    const { db, sqlite } = openScratch();
    await runQuery(db, insertRows, 'a', 1, 'one');
    await runQuery(db, insertRows, 'b', 2, 'two', 'c', 3, 'three');
    await runQuery(db, insertRows, 'd', null, null);
    expect(await runQuery(db, selectAll)).toEqual([
      { id: 'a', n: 1, label: 'one' },
      { id: 'b', n: 2, label: 'two' },
      { id: 'c', n: 3, label: 'three' },
      { id: 'd', n: null, label: null },
    ]);
    sqlite.close();
  });

  it('refuses a query that uses an argument other than once as a value', async () => {
    const { db, sqlite } = openScratch();
    const twice = (db: Db, id: string) => loose(db).selectFrom('notes').selectAll().where('id', '=', id).where('label', '=', id);
    await expect(runQuery(db, twice, 'a')).rejects.toThrow(/must appear exactly once/);
    sqlite.close();
  });
});
