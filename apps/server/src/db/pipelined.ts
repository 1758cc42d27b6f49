import type { Db } from './handle';

/** Where statements that need no connection of their own can be sent (db/postgres/pipelines.ts). */
export interface StatementPipeline {
  query<Row extends object>(text: string, values: readonly unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * PostgreSQL's pipelined connections by the database they belong to (decision 0054). Only the
 * database itself is registered, never a transaction or another Kysely made from it: a statement
 * inside a transaction must go over the transaction's own connection.
 */
const pipelines = new WeakMap<Db, StatementPipeline>();

/** Called by database.ts only, when it opens PostgreSQL. */
export function attachPipeline(db: Db, pipeline: StatementPipeline): void {
  pipelines.set(db, pipeline);
}

export function pipelineOf(db: Db): StatementPipeline | undefined {
  return pipelines.get(db);
}
