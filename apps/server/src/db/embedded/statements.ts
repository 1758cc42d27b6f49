import type SQLite from 'better-sqlite3';
import { embeddedStorageOf } from './storage';

/**
 * The better-sqlite3 connection as Kysely's SQLite dialect sees it, with two changes that
 * matter on every request (docs/performance.md):
 *
 * - Prepared statements are reused by SQL text. Kysely prepares every query afresh, and
 *   preparing is a large share of SQLite's cost on small queries. A statement still busy
 *   (mid-iteration) gets a fresh one.
 * - Reads return rows built by an object literal compiled once per statement. better-sqlite3
 *   builds each row by adding its columns one at a time, which costs V8 a shape transition per
 *   column and, for wide rows like a user, ends in a slow dictionary-mode object that every
 *   later property read pays for. Rows read as arrays and copied into a literal of fixed
 *   shape measured ~13 µs less per request on the session read alone.
 */
export function kyselyConnection(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => prepareStatement(sqlite, source);
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== 'prepare') return Reflect.get(target, property, receiver);
      return (source: string) => {
        const cached = cache.get(source);
        if (cached && !cached.busy) return cached;
        const statement = prepare(source);
        if (cache.size >= 1000) cache.clear();
        if (!cached) cache.set(source, statement);
        return statement;
      };
    },
  });
}

type Row = Record<string, unknown>;

/**
 * Every statement Bloom runs on SQLite is prepared here: with its equality parameters written
 * `= +?` (`withoutPlanByValue`), for a reader, literal rows (`withLiteralRows`), and, for one that
 * writes or ends a transaction, watched by the connection's storage (storage.ts).
 */
export function prepareStatement(sqlite: SQLite.Database, source: string): SQLite.Statement {
  const prepared = sqlite.prepare(withoutPlanByValue(source));
  const statement = withLiteralRows(prepared);
  // Statements that write or end a transaction report storage failures and commits (storage.ts, decision 0079).
  return embeddedStorageOf(sqlite)?.watch(statement, prepared.readonly, source) ?? statement;
}

/** ` = ?` followed by the end of a term: a space, a comma, a closing parenthesis or the end. */
const EQUALS_PARAMETER = / = \?(?=[\s,)]|$)/g;

/**
 * Rewrites `column = ?` as `column = +?`, which SQLite answers alike (unary plus returns its
 * operand unchanged, and a parameter has no affinity either way) and plans alike (the term
 * still seeks an index). The difference: for `column = ?`, SQLite's planner may look at the
 * bound value (is it 0 or 1?) while weighing the plans, and then marks the statement to be
 * prepared again when that parameter is cleared. better-sqlite3 clears every parameter after
 * each run, so such a statement was prepared afresh on every call: the session read (a join)
 * cost 27 µs instead of 4, the latest assessment (ORDER BY … LIMIT 1) 13 µs instead of 4
 * (docs/performance.md, "Statements prepared again on every call"). Behind a unary plus the
 * planner does not look at the value.
 */
export function withoutPlanByValue(source: string): string {
  return source.replace(EQUALS_PARAMETER, ' = +?');
}

/** Compiles `(values) => ({ "a": values[0], "b": values[1], ... })` for a statement's columns. */
export function compileRowBuilder(columnNames: readonly string[]): ((values: unknown[]) => Row) | undefined {
  // A column called __proto__ would set the prototype in a literal; such statements keep better-sqlite3's rows.
  if (columnNames.includes('__proto__')) return undefined;
  const fields = columnNames.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  // Column names come from our own SQL, and JSON.stringify quotes them as string literals.
  return new Function('values', `return { ${fields.join(', ')} };`) as (values: unknown[]) => Row;
}

/**
 * A reading statement whose rows come from `compileRowBuilder`; Kysely uses `reader`, `busy`,
 * `all` and `iterate` of a reader, the session cache `get`. Writers are returned as they are.
 * Duplicate column names keep the last value, as better-sqlite3's own rows do.
 */
export function withLiteralRows(statement: SQLite.Statement): SQLite.Statement {
  if (!statement.reader) return statement;
  const build = compileRowBuilder(statement.columns().map((column) => column.name));
  if (!build) return statement;
  statement.raw(true);
  const wrapped = {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all(...parameters: unknown[]) {
      const rows = statement.all(...parameters) as unknown[][] as unknown[];
      for (let index = 0; index < rows.length; index++) rows[index] = build(rows[index] as unknown[]);
      return rows;
    },
    *iterate(...parameters: unknown[]) {
      for (const values of statement.iterate(...parameters) as IterableIterator<unknown[]>) yield build(values);
    },
    get(...parameters: unknown[]) {
      const values = statement.get(...parameters) as unknown[] | undefined;
      return values === undefined ? undefined : build(values);
    },
  };
  return wrapped as unknown as SQLite.Statement;
}
