import { CompiledQuery, type Compilable } from 'kysely';
import { compileOncePerQuery, parametersOf, type CompiledWithSlots } from './compiled-queries';
import type { Db } from './handle';
import { pipelineOf } from './pipelined';
import type { AssessmentsTable, UsersTable } from './schema';

/**
 * The one seam between the ordinary path and the embedded database's speed-ups (decision 0023).
 *
 * The ordinary path is plain Kysely on both dialects: a query is a function of the database and
 * its arguments (`Query`), run by `runQuery`, and the few reads SQLite keeps in memory are asked
 * of `acceleratorOf(db)` first. On PostgreSQL no accelerator is attached: `runQuery` has Kysely
 * run the SQL it built once per query (compiled-queries.ts). On SQLite the app attaches the one
 * in db/embedded/ once migrations have run; nothing outside db/ imports that folder.
 */

/** A value a hot query binds: `Query` must only use its arguments as values, never compute with them. */
export type QueryArgument = string | number | null;

/**
 * A query as a function of the database and its arguments. Declare it once, at module level:
 * the embedded accelerator builds its SQL once per function (and per argument count) and
 * reuses it, with each call's arguments where the placeholders were. So the arguments must
 * come back as exactly one parameter each (no `in (...)` lists, no identifiers); the embedded
 * accelerator refuses a query that does not, on its first call.
 */
export type Query<Args extends QueryArgument[], Row> = (db: Db, ...args: Args) => Compilable<Row>;

/** A signed-in session as the embedded session cache answers it (sessions/sessions.ts's `SessionContext`). */
export interface AcceleratedSession {
  sessionId: string;
  user: UsersTable;
}

/** What SQLite does faster than plain Kysely, for one embedded database (db/embedded/accelerator.ts). */
export interface EmbeddedAccelerator {
  /** Runs `query`, built once; on the connection directly when no transaction is open. */
  run<Args extends QueryArgument[], Row>(query: Query<Args, Row>, args: Args): Promise<Row[]>;
  /** Runs `work` in one transaction whose hot queries still run as built-once statements (`inTransaction`). */
  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T>;
  /** True for the database handed to `transaction`'s work: a transaction already, which `inTransaction` joins. */
  readonly insideTransaction: boolean;
  readonly sessions: {
    /** The session for a cookie token when memory can answer it; `null`: none; `undefined`: ask the database. */
    findNow(token: string): AcceleratedSession | null | undefined;
  };
  readonly assessments: {
    /** The user's latest assessment (`null`: none), or `undefined`: ask the database. */
    latestNow(userId: string): AssessmentsTable | null | undefined;
    /** The assessment's answers by question, or `undefined`: ask the database. */
    answersNow(assessmentId: string): ReadonlyMap<string, number> | undefined;
  };
}

const accelerators = new WeakMap<Db, EmbeddedAccelerator>();

/** Called by db/embedded/accelerator.ts only. `db` is the embedded database itself, never a transaction. */
export function attachAccelerator(db: Db, accelerator: EmbeddedAccelerator): void {
  accelerators.set(db, accelerator);
}

/** The speed-ups of `db`: only for the embedded database itself (not PostgreSQL, not a transaction). */
export function acceleratorOf(db: Db): EmbeddedAccelerator | undefined {
  return accelerators.get(db);
}

/**
 * Runs `work` in one transaction on `db`; when `db` already is one, `work` joins it (a step of a
 * larger call, such as an endpoint that writes, decision 0025). On SQLite the transaction keeps
 * the embedded speed-ups; elsewhere it is Kysely's own.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return work(db);
  const accelerator = accelerators.get(db);
  return accelerator ? accelerator.transaction(work) : db.transaction().execute(work);
}

/** Whether `db` is a transaction: Kysely's own, or the one the embedded accelerator opened. */
export function isTransaction(db: Db): boolean {
  return db.isTransaction || (accelerators.get(db)?.insideTransaction ?? false);
}

/**
 * Runs `query` with `args`: the embedded accelerator's statement when `db` has one; otherwise
 * (PostgreSQL) the SQL built for this query and argument count the first time, with this call's
 * arguments in it, over the pipelined connections outside a transaction (`runStatement`). The
 * SQL depends on the dialect, so it is kept per adapter.
 */
export function runQuery<Args extends QueryArgument[], Row>(db: Db, query: Query<Args, Row>, ...args: Args): Promise<Row[]> {
  const accelerator = accelerators.get(db);
  if (accelerator) return accelerator.run(query, args);
  const compiled = builtOnce(db, query, args.length);
  return runStatement(db, CompiledQuery.raw(compiled.sql, parametersOf(compiled, args)) as CompiledQuery<Row>);
}

/**
 * Runs one statement that needs no connection of its own (no session state, no transaction, and
 * short: it may wait behind others): on PostgreSQL's pipelined connections when `db` is the
 * database itself (decision 0054), otherwise as Kysely runs any query.
 */
export function runStatement<Row>(db: Db, compiled: CompiledQuery<Row>): Promise<Row[]> {
  const pipeline = pipelineOf(db);
  if (pipeline) return pipeline.query<Row & object>(compiled.sql, compiled.parameters).then((result) => result.rows);
  return db.executeQuery<Row>(compiled).then((result) => result.rows);
}

/** Per dialect adapter: the same query compiles to different SQL on SQLite and PostgreSQL. */
const builtByAdapter = new WeakMap<object, ReturnType<typeof compileOncePerQuery>>();

function builtOnce<Args extends QueryArgument[], Row>(db: Db, query: Query<Args, Row>, argCount: number): CompiledWithSlots {
  const adapter = db.getExecutor().adapter;
  let compiledFor = builtByAdapter.get(adapter);
  if (!compiledFor) builtByAdapter.set(adapter, (compiledFor = compileOncePerQuery()));
  return compiledFor(db, query, argCount);
}
