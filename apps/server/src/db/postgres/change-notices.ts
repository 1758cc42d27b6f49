import type pg from 'pg';
import { CONNECTION_TIMEOUTS, KEEP_ALIVE, type ConnectionTimeouts } from './connection-settings';
import { pgModule } from './pg-module';

/** What `ChangeNoticeListener` tells its owner. */
export interface ChangeNoticeHandlers {
  /** One notice's payload, in commit order. */
  notice(payload: string): void;
  /** Listening started or stopped; notices may have been missed in between, so everything learned from them is void. */
  live(listening: boolean): void;
}

const RECONNECT_MS = 1_000;

/**
 * How often the listener asks its connection a question when it has heard nothing. A listening
 * connection only receives, so without one a connection that died silently would look like a
 * quiet channel while changes go unheard.
 */
const HEARTBEAT_MS = 15_000;

/**
 * One connection of its own (not a pooled one, which would go back to the pool) that LISTENs on
 * a channel and hands each NOTIFY to its owner. When the connection breaks (a restart, a
 * failover, `pg_terminate_backend`) the owner hears `live(false)` at once, and it reconnects
 * every second until it listens again. A heartbeat finds a connection that died without a word:
 * unanswered within the statement timeout (connection-settings.ts), it counts as lost.
 */
export class ChangeNoticeListener {
  /** The listening connection while it listens, and how to end it as lost (which schedules the next). */
  private current: { client: pg.Client; lose: () => void } | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly handlers: ChangeNoticeHandlers,
    private readonly timeouts: ConnectionTimeouts & { heartbeatMs: number } = { ...CONNECTION_TIMEOUTS, heartbeatMs: HEARTBEAT_MS },
  ) {}

  /**
   * Resolves once every notice committed before this call has been handed to the owner: a query
   * on the listening connection is answered only after the notices already queued for it
   * (PostgreSQL sends them before it says it is ready again). Tests and the bench's counting
   * wait on it; requests never do.
   */
  async caughtUp(): Promise<void> {
    await this.ask();
  }

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    const client = this.current?.client;
    this.current = undefined;
    this.handlers.live(false);
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new (pgModule().Client)({ connectionString: this.connectionString, connectionTimeoutMillis: this.timeouts.connectMs, ...KEEP_ALIVE });
    let broken = false;
    const lost = () => {
      if (broken) return;
      broken = true;
      if (this.current?.client === client) {
        this.current = undefined;
        clearInterval(this.heartbeat);
      }
      this.handlers.live(false);
      void client.end().catch(() => {});
      if (!this.stopped) this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload !== undefined) this.handlers.notice(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
    } catch {
      lost();
      return;
    }
    // The connection can end in the same socket read as LISTEN's answer: pg resolves the query,
    // then emits 'error' before this continuation runs. That attempt is lost (it said so and
    // scheduled the next): it must not be taken as listening on a dead connection.
    if (broken) return;
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.current = { client, lose: lost };
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => void this.ask().catch(() => {}), this.timeouts.heartbeatMs);
    this.heartbeat.unref();
    this.handlers.live(true);
  }

  /** A question on the listening connection; unanswered in time, the connection counts as lost. */
  private async ask(): Promise<void> {
    const asked = this.current;
    if (!asked) return;
    try {
      await asked.client.query({ text: 'select 1', query_timeout: this.timeouts.statementMs } as pg.QueryConfig);
    } catch (error) {
      if (this.current === asked) asked.lose();
      throw error;
    }
  }
}
