import type pg from 'pg';

/**
 * Named prepared statements on PostgreSQL (decision 0039): each distinct SQL text gets one name
 * for the whole process, and `pg` then parses it once per connection and afterwards sends only
 * Bind and Execute. PostgreSQL keeps the parsed statement and, after its first five runs, a
 * generic plan for it, so a call no longer pays parse, analysis and planning. On the journey
 * those were about half of each short statement's time in PostgreSQL, whose CPU the instances
 * share with it.
 *
 * Bounded: only the first `MAX_NAMED_STATEMENTS` distinct texts get a name (the app has far fewer;
 * a text with a variable-length `in (...)` list is one text per length), and the rest run
 * unnamed as before, so no connection holds more than that many statements.
 */
export const MAX_NAMED_STATEMENTS = 256;

/** Statements worth preparing: data reads and writes. Transaction control and DDL run unnamed. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
/** The end of a transaction; `rollback to <savepoint>` is not one. */
const TRANSACTION_END = /^\s*(commit|end|rollback)\b(?!\s+to\b)/i;
/**
 * A change of the schema (migrations, tests): the statements this connection prepared may no
 * longer fit the tables, so the connection stops naming them at once and is closed when released.
 * Without this, a migration that reads a table, adds a column to it and reads it again in its one
 * transaction would fail on the second read.
 */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|truncate)\b/i;

/**
 * PostgreSQL's answer when a table a prepared statement reads changed its columns (a migration
 * run by another instance while this one is up): "cached plan must not change result type".
 */
const STALE_PREPARED_STATEMENT = '0A000';

const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_STATEMENTS && PREPARABLE.test(text)) {
    name = `bloom_${names.size}`;
    names.set(text, name);
  }
  return name;
}

interface ConnectionState {
  inTransaction: boolean;
  /** Set once a prepared statement went stale here: from then on this connection runs every query unnamed. */
  stale: boolean;
}

type QueryResult = pg.QueryResult<pg.QueryResultRow>;
type QueryFunction = (...args: unknown[]) => unknown;

/**
 * Makes `client` send each `query(text, values)` as a named statement. Called once per pooled
 * connection (the pool's `connect` event) and per pipelined one. Kysely calls
 * `query(text, values)` and awaits the promise; other call shapes (callbacks, config objects, cursors) go through unchanged.
 *
 * A stale statement (above) fails its query; outside a transaction the query is sent again
 * unnamed at once, so the caller does not see it. Inside one the transaction is already
 * aborted, so that one call fails. Either way the connection stops naming statements and is
 * retired by `retire`: a pooled one is closed when it goes back to the pool (`closeWhenReleased`),
 * a pipelined one is replaced (pipelines.ts), and the replacement prepares the new shapes.
 */
export function prepareNamedStatements(client: pg.PoolClient | pg.Client, retire: () => void): void {
  const send = client.query as unknown as QueryFunction;
  const state: ConnectionState = { inTransaction: false, stale: false };
  const named = async (text: string, values: unknown[], name: string): Promise<QueryResult> => {
    try {
      return (await send.call(client, { name, text, values })) as QueryResult;
    } catch (error) {
      if ((error as { code?: string }).code !== STALE_PREPARED_STATEMENT) throw error;
      // On a pipelined connection several statements may have been written under the stale name
      // before the first failed: each is sent again, unnamed.
      if (!state.stale) markStale(state, retire);
      if (state.inTransaction) throw error;
      return (await send.call(client, text, values)) as QueryResult;
    }
  };
  client.query = function queryNamed(this: pg.PoolClient | pg.Client, ...args: unknown[]) {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined) return send.apply(this, args);
    if (TRANSACTION_START.test(text)) state.inTransaction = true;
    else if (TRANSACTION_END.test(text)) state.inTransaction = false;
    else if (!state.stale && SCHEMA_CHANGE.test(text)) markStale(state, retire);
    const name = state.stale ? undefined : nameOf(text);
    return name === undefined ? send.apply(this, args) : named(text, values, name);
  } as typeof client.query;
}

/** From now on the connection runs unnamed, and it is retired. */
function markStale(state: ConnectionState, retire: () => void): void {
  state.stale = true;
  retire();
}

/** A pooled connection's retirement: it is closed instead of pooled when released. */
export function closeWhenReleased(client: pg.PoolClient): void {
  const release = client.release.bind(client);
  client.release = (error?: Error | boolean) => release(error ?? true);
}
