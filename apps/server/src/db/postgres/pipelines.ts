import type pg from 'pg';
import { CONNECTION_TIMEOUTS, KEEP_ALIVE, type ConnectionTimeouts } from './connection-settings';
import { pgModule } from './pg-module';
import { prepareNamedStatements } from './prepared-statements';

/** Pipelined connections per instance: fewer keep each backend busier (docs/performance.md, "Pipelined statements"). */
export const PIPELINED_CONNECTIONS = 2;

/** Shown in `pg_stat_activity`, so an operator (and the API test) can tell these from the pool's. */
export const PIPELINE_APPLICATION_NAME = 'bloom-pipeline';

interface Pipe {
  client: pg.Client;
  ready: Promise<void>;
  /** Statements written on this connection and not yet answered. */
  inFlight: number;
  /**
   * Set by an error, the connection's end or a statement gone stale: the next statement opens a
   * new connection, and this one is closed once what it has in flight is answered.
   */
  retired: boolean;
  /** Retires it: the next statement opens a new connection, and this one closes once it has nothing in flight. */
  retire: () => void;
}

/** pg's error for a statement past `query_timeout`; in pipeline mode pg then ends the connection itself. */
const STATEMENT_TIMED_OUT = 'Query read timeout';

/**
 * A few pipelined PostgreSQL connections per instance for short statements that need no
 * connection of their own (decision 0054): `runQuery`'s built-once statements and the journey's
 * one-call answer save, outside a transaction. `pg` writes each statement as it comes, without
 * waiting for the one before, each with its own Sync, so one failing fails only itself. A backend
 * that finds the next statement already waiting does not sleep between them, and the instance
 * reads several answers per wake-up: on a 2-core machine that was worth a fifth of the
 * 2-instance throughput. Transactions, session-level locks, schema changes and long reads stay
 * on the pool, since a slow statement here would hold up every statement written behind it.
 *
 * A connection that breaks (a restart, `pg_terminate_backend`) fails the statements in flight on
 * it, which answer 503 as the pool's do, and the next statement opens a new one. So does one that
 * has silently died: a statement unanswered for `statementMs` ends its connection
 * (connection-settings.ts).
 */
export class StatementPipelines {
  private readonly pipes: (Pipe | undefined)[];
  private turn = 0;
  private inFlight = 0;
  /** Set by `close`: no statement opens a connection again (a late background task fails instead). */
  private closed = false;

  constructor(
    private readonly connectionString: string,
    count: number,
    /** Called with each new connection before its first statement (the round-trip counter). */
    private readonly watch?: (client: pg.Client) => void,
    private readonly timeouts: ConnectionTimeouts = CONNECTION_TIMEOUTS,
  ) {
    this.pipes = new Array<Pipe | undefined>(count);
  }

  /** Statements written and not yet answered, on all the pipelined connections (/metrics). */
  get statementsInFlight(): number {
    return this.inFlight;
  }

  async query<Row extends pg.QueryResultRow>(text: string, values: readonly unknown[]): Promise<pg.QueryResult<Row>> {
    const pipe = this.nextPipe();
    pipe.inFlight += 1;
    this.inFlight += 1;
    try {
      await pipe.ready;
      return await pipe.client.query<Row>(text, values as unknown[]);
    } catch (error) {
      // The connection is going (pg ends it), but says so only later: no statement may follow on it.
      if (error instanceof Error && error.message === STATEMENT_TIMED_OUT) pipe.retire();
      throw error;
    } finally {
      pipe.inFlight -= 1;
      this.inFlight -= 1;
      if (pipe.retired && pipe.inFlight === 0) endQuietly(pipe.client);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const open = this.pipes.filter((pipe): pipe is Pipe => pipe !== undefined);
    this.pipes.fill(undefined);
    for (const pipe of open) pipe.retired = true;
    await Promise.all(open.map((pipe) => pipe.client.end().catch(() => {})));
  }

  private nextPipe(): Pipe {
    if (this.closed) throw new Error('The database connection is closed.');
    const index = this.turn++ % this.pipes.length;
    let pipe = this.pipes[index];
    if (!pipe || pipe.retired) this.pipes[index] = pipe = this.open();
    return pipe;
  }

  private open(): Pipe {
    const client = new (pgModule().Client)({
      connectionString: this.connectionString,
      application_name: PIPELINE_APPLICATION_NAME,
      connectionTimeoutMillis: this.timeouts.connectMs,
      // In pipeline mode a statement past this ends the connection, failing those behind it too (503).
      query_timeout: this.timeouts.statementMs,
      ...KEEP_ALIVE,
      pipeline: true,
    } as pg.ClientConfig);
    const retire = () => {
      if (pipe.retired) return;
      pipe.retired = true;
      if (pipe.inFlight === 0) endQuietly(client);
    };
    const pipe: Pipe = { client, ready: Promise.resolve(), inFlight: 0, retired: false, retire };
    // Without a listener an 'error' event would end the process; the statements in flight fail on their own promises.
    client.on('error', retire);
    client.on('end', retire);
    this.watch?.(client);
    // A statement gone stale (a migration by another instance) is sent again unnamed; the
    // connection that prepared it is replaced, so the next ones are prepared afresh.
    prepareNamedStatements(client, retire);
    pipe.ready = client.connect().then(
      () => undefined,
      (error: unknown) => {
        retire();
        throw error;
      },
    );
    return pipe;
  }
}

function endQuietly(client: pg.Client): void {
  void client.end().catch(() => {});
}
