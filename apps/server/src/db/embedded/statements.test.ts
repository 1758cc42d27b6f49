import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import SQLite from 'better-sqlite3';
import { compileRowBuilder, kyselyConnection } from './statements';

describe('rows built by a compiled literal', () => {
  it('equal the rows better-sqlite3 builds, whatever the column names and values', () => {
    const sqlite = new SQLite(':memory:');
    const statements = kyselyConnection(sqlite);
    const name = fc.string({ minLength: 1, maxLength: 12 }).filter((n) => !n.includes('\u0000') && n !== '__proto__');
    const value = fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.string(), fc.constant(null));
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { minLength: 1, maxLength: 6 }), (columns) => {
        // Quoted identifiers, duplicates allowed: the last value of a duplicate name wins in both.
        const select = `select ${columns.map((_, i) => `? as "${columns[i]![0].replaceAll('"', '""')}"`).join(', ')}`;
        const values = columns.map(([, v]) => v);
        expect(statements.prepare(select).all(values)).toEqual(sqlite.prepare(select).all(values));
        expect(statements.prepare(select).get(values)).toEqual(sqlite.prepare(select).get(values));
      }),
    );
    sqlite.close();
  });

  it('leave a statement with a __proto__ column to better-sqlite3', () => {
    expect(compileRowBuilder(['id', '__proto__'])).toBeUndefined();
    const sqlite = new SQLite(':memory:');
    const row = kyselyConnection(sqlite).prepare('select 1 as id, 2 as "__proto__"').get() as Record<string, unknown>;
    expect(row.id).toBe(1);
    sqlite.close();
  });

  it('reuse a statement by its text, and stream rows while another statement runs', () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec("create table t (a integer, b text); insert into t values (1, 'x'), (2, 'y')");
    const statements = kyselyConnection(sqlite);
    expect(statements.prepare('select a, b from t')).toBe(statements.prepare('select a, b from t'));
    const streamed = [];
    for (const row of statements.prepare('select a, b from t order by a').iterate()) {
      streamed.push(row, statements.prepare('select count(*) as n from t').get());
    }
    expect(streamed).toEqual([{ a: 1, b: 'x' }, { n: 2 }, { a: 2, b: 'y' }, { n: 2 }]);
    expect(statements.prepare("insert into t values (3, 'z')").run().changes).toBe(1);
    sqlite.close();
  });
});
