import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './database';
import { withLiteralRows } from './sqlite-statements';

/** A value a prepared query binds: `build` must only use its arguments as values, never compute with them. */
export type PreparedArgument = string | number | null;

const embeddedConnections = new WeakMap<Db, SQLite.Database>();

/** Called by openDatabase: `db` is this SQLite connection, so its prepared queries may run on it directly. */
export function registerEmbeddedConnection(db: Db, sqlite: SQLite.Database): void {
  embeddedConnections.set(db, sqlite);
}

/**
 * A hot query whose SQL is built by Kysely once per database instead of on every call.
 * Building and compiling a query tree costs more than SQLite takes to answer a primary-key
 * lookup, and some lookups (the session on every request) run thousands of times a second.
 *
 * `build` is called once with placeholder arguments; each call then reuses the SQL text
 * and puts its own arguments where the placeholders were. Only for queries whose
 * arguments are plain values (no `in (...)` lists of varying length, no identifiers):
 * a placeholder that does not come back as exactly one parameter is refused up front.
 *
 * On SQLite, when no transaction is open, the statement runs on the connection directly and
 * synchronously, without Kysely's connection lock and its promises (about 4 µs per request
 * on the journey benchmark). Nothing can run between its start and end, so it needs no lock;
 * inside another request's transaction it would read or write that transaction's rows, so it
 * then queues through Kysely like any other query.
 */
export function preparedQuery<Args extends PreparedArgument[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  // Per database, and per number of arguments: a build with a rest parameter (a page of
  // answers, one row per five arguments) is a different query for each count.
  const compiledByDb = new WeakMap<Db, Map<number, CompiledWithSlots & { statement?: SQLite.Statement }>>();
  return async (db, ...args) => {
    let byCount = compiledByDb.get(db);
    if (!byCount) compiledByDb.set(db, (byCount = new Map()));
    let compiled = byCount.get(args.length);
    if (!compiled) byCount.set(args.length, (compiled = compileWithPlaceholders(db, build, args.length)));
    const parameters = compiled.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    const sqlite = embeddedConnections.get(db);
    if (sqlite && !sqlite.inTransaction) {
      const statement = (compiled.statement ??= withLiteralRows(sqlite.prepare(compiled.sql)));
      if (statement.reader) return statement.all(parameters) as Row[];
      statement.run(parameters);
      return [];
    }
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}

/**
 * A one-argument query as a SQLite statement with literal rows, for the in-memory copies of
 * decision 0011: a miss there must read and keep the row in one synchronous step, which an
 * awaited `preparedQuery` cannot do. The argument must be the query's only parameter.
 */
export function embeddedStatement<Row>(db: Db, sqlite: SQLite.Database, build: (db: Db, arg: string) => Compilable<Row>): SQLite.Statement<[string], Row> {
  const { sql, slots } = compileWithPlaceholders(db, build, 1);
  if (slots.length !== 1) throw new Error(`embeddedStatement: the argument must be the only parameter of ${sql}`);
  return withLiteralRows(sqlite.prepare(sql)) as SQLite.Statement<[string], Row>;
}

interface CompiledWithSlots {
  sql: string;
  /** Each parameter of the SQL: one of the caller's arguments, or a value fixed by the query. */
  slots: Array<{ arg: number } | { value: unknown }>;
}

/** Builds the query once with placeholder arguments, and refuses one that does not come back as exactly one parameter. */
function compileWithPlaceholders<Args extends PreparedArgument[]>(db: Db, build: (db: Db, ...args: Args) => Compilable<unknown>, argCount: number): CompiledWithSlots {
  // Strings stand in for every argument, numbers too: `build` only places them as values.
  const placeholders = Array.from({ length: argCount }, (_, i) => `\u0000prepared-argument-${i}\u0000`);
  const query = build(db, ...(placeholders as Args)).compile();
  const slots = query.parameters.map((value) => {
    const arg = placeholders.indexOf(value as string);
    return arg >= 0 ? { arg } : { value };
  });
  placeholders.forEach((_, i) => {
    if (slots.filter((slot) => 'arg' in slot && slot.arg === i).length !== 1) {
      throw new Error(`preparedQuery: argument ${i} must appear exactly once as a parameter in ${query.sql}`);
    }
  });
  return { sql: query.sql, slots };
}
