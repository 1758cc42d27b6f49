import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Compilable } from 'kysely';
import type { EmbeddedAccelerator, Query, QueryArgument } from '../accelerator';
import { compileOncePerQuery, compileWithPlaceholders, parametersOf } from '../compiled-queries';
import type { Db } from '../handle';
import { prepareStatement } from './statements';

/**
 * Runs the ordinary path's queries (`runQuery`, db/accelerator.ts) with their SQL built by Kysely
 * once per query instead of on every call. Building and compiling a query tree costs more than
 * SQLite takes to answer a primary-key lookup, and some lookups (the session on every request)
 * run thousands of times a second; a 12-row upsert cost more to build than to store
 * (decision 0012).
 *
 * Each query is built once with placeholder arguments; each call then reuses the SQL text and
 * puts its own arguments where the placeholders were. Only for queries whose arguments are
 * plain values (no `in (...)` lists of varying length, no identifiers): a placeholder that does
 * not come back as exactly one parameter is refused up front. A query with a rest parameter (a
 * page of answers, one row per five arguments) is a different statement for each count.
 *
 * When no transaction is open, the statement runs on the connection directly and
 * synchronously, without Kysely's connection lock and its promises (about 4 µs per request on
 * the journey benchmark). Nothing can run between its start and end, so it needs no lock;
 * inside another request's transaction it would read or write that transaction's rows, so it
 * then queues through Kysely like any other query.
 */
export function hotQueryRunner(db: Db, sqlite: SQLite.Database, options: { insideOwnTransaction?: boolean } = {}): EmbeddedAccelerator['run'] {
  const compiledFor = compileOncePerQuery<{ statement: SQLite.Statement }>();
  return async <Args extends QueryArgument[], Row>(query: Query<Args, Row>, args: Args): Promise<Row[]> => {
    const compiled = compiledFor(db, query, args.length);
    const parameters = parametersOf(compiled, args);
    // Inside the transaction this runner was made for, the connection is ours: Kysely's lock is
    // held for us, and everyone else's queries wait behind it.
    if (!sqlite.inTransaction || options.insideOwnTransaction) {
      const statement = (compiled.statement ??= prepareStatement(sqlite, compiled.sql));
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
 * awaited query cannot do. The argument must be the query's only parameter.
 */
export function embeddedStatement<Row>(db: Db, sqlite: SQLite.Database, build: (db: Db, arg: string) => Compilable<Row>): SQLite.Statement<[string], Row> {
  const { sql, slots } = compileWithPlaceholders(db, build, 1);
  if (slots.length !== 1) throw new Error(`embeddedStatement: the argument must be the only parameter of ${sql}`);
  return prepareStatement(sqlite, sql) as SQLite.Statement<[string], Row>;
}
