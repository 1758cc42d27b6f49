import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Db } from './database';
import { preparedQuery, registerEmbeddedConnection, type PreparedArgument } from './prepared';
import { kyselyConnection } from './sqlite-statements';

/** A throw-away table; the queries below are typed loosely on purpose. */
function openScratch(): { db: Db; sqlite: SQLite.Database } {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table notes (id text primary key, n integer, label text)');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: kyselyConnection(sqlite) }) }) as unknown as Db;
  registerEmbeddedConnection(db, sqlite);
  return { db, sqlite };
}

type Loose = Kysely<Record<string, Record<string, PreparedArgument>>>;
const loose = (db: Db) => db as unknown as Loose;
const insertRows = preparedQuery((db: Db, ...values: PreparedArgument[]) => {
  const rows = [];
  for (let i = 0; i < values.length; i += 3) rows.push({ id: values[i]!, n: values[i + 1]!, label: values[i + 2]! });
  return loose(db).insertInto('notes').values(rows);
});
const selectAll = preparedQuery((db: Db) => loose(db).selectFrom('notes').selectAll().orderBy('id'));

describe('preparedQuery', () => {
  it('binds strings, numbers and nulls where the placeholders stood, directly and inside a transaction', async () => {
    const row = fc.tuple(fc.uuid(), fc.oneof(fc.integer(), fc.constant(null)), fc.oneof(fc.string(), fc.constant(null)));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(row, { minLength: 1, maxLength: 5, selector: ([id]) => id }), fc.boolean(), async (rows, inTransaction) => {
        const { db, sqlite } = openScratch();
        // One statement per row count: each size is built once and kept.
        const values = rows.flat();
        if (inTransaction) await db.transaction().execute((trx) => insertRows(trx, ...values));
        else await insertRows(db, ...values);
        const expected = [...rows].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, n, label]) => ({ id, n, label }));
        expect(await selectAll(db)).toEqual(expected);
        sqlite.close();
      }),
      { numRuns: 40 },
    );
  });

  it('builds one statement per number of arguments, each with its own rows', async () => {
    const { db, sqlite } = openScratch();
    await insertRows(db, 'a', 1, 'one');
    await insertRows(db, 'b', 2, 'two', 'c', 3, 'three');
    await insertRows(db, 'd', null, null);
    expect(await selectAll(db)).toEqual([
      { id: 'a', n: 1, label: 'one' },
      { id: 'b', n: 2, label: 'two' },
      { id: 'c', n: 3, label: 'three' },
      { id: 'd', n: null, label: null },
    ]);
    sqlite.close();
  });

  it('refuses a query that uses an argument other than once as a value', async () => {
    const { db, sqlite } = openScratch();
    const twice = preparedQuery((db: Db, id: string) => loose(db).selectFrom('notes').selectAll().where('id', '=', id).where('label', '=', id));
    await expect(twice(db, 'a')).rejects.toThrow(/must appear exactly once/);
    sqlite.close();
  });
});
