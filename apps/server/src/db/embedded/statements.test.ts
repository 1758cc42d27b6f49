import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import SQLite from 'better-sqlite3';
import { compileRowBuilder, kyselyConnection, withoutPlanByValue } from './statements';

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

describe('equality parameters written = +? (withoutPlanByValue)', () => {
  it('rewrites each `= ?` that ends a term, and nothing else', () => {
    expect(withoutPlanByValue('select * from "users" where "id" = ?')).toBe('select * from "users" where "id" = +?');
    expect(withoutPlanByValue('update "users" set "route" = ?, "at" = ? where "id" = ? and "n" <= ?')).toBe(
      'update "users" set "route" = +?, "at" = +? where "id" = +? and "n" <= ?',
    );
    expect(withoutPlanByValue('select 1 where ("a" = ?) and "b" >= ? and "c" != ? and "d" in (?, ?) and "e" <> ?')).toBe(
      'select 1 where ("a" = +?) and "b" >= ? and "c" != ? and "d" in (?, ?) and "e" <> ?',
    );
    expect(withoutPlanByValue('insert into "t" ("a") values (?) on conflict ("a") do update set "a" = "excluded"."a"')).toBe(
      'insert into "t" ("a") values (?) on conflict ("a") do update set "a" = "excluded"."a"',
    );
  });

  it('finds the same rows as `= ?` for any stored and bound values, with or without an index', () => {
    const sqlite = new SQLite(':memory:');
    // A column of each affinity that decides how SQLite compares a bound value with it.
    sqlite.exec('create table t (id integer primary key, txt text, num integer, real_ real, any_ blob)');
    sqlite.exec('create index t_txt on t (txt); create index t_num on t (num)');
    const value = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, 1.0, '1', '01', '1.0', 'a', '', ' 1', null));
    const column = fc.constantFrom('txt', 'num', 'real_', 'any_');
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value, value, value), { maxLength: 12 }), column, value, (rows, name, bound) => {
        sqlite.exec('delete from t');
        const insert = sqlite.prepare('insert into t (txt, num, real_, any_) values (?, ?, ?, ?)');
        for (const row of rows) insert.run(...row);
        const query = `select id from t where ${name} = ? order by id`;
        expect(sqlite.prepare(withoutPlanByValue(query)).all(bound)).toEqual(sqlite.prepare(query).all(bound));
      }),
    );
    sqlite.close();
  });

  it('is what the Kysely connection prepares', () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (id text primary key, n integer)');
    const statement = kyselyConnection(sqlite).prepare('update t set n = ? where id = ?');
    expect(statement.source).toBe('update t set n = +? where id = +?');
    sqlite.close();
  });
});
