import type pg from 'pg';
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
 * One connection of its own (not a pooled one, which would go back to the pool) that LISTENs on
 * a channel and hands each NOTIFY to its owner. When the connection breaks (a restart, a
 * failover, `pg_terminate_backend`) the owner hears `live(false)` at once, and it reconnects
 * every second until it listens again.
 */
export class ChangeNoticeListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly handlers: ChangeNoticeHandlers,
  ) {}

  /**
   * Resolves once every notice committed before this call has been handed to the owner: a query
   * on the listening connection is answered only after the notices already queued for it
   * (PostgreSQL sends them before it says it is ready again). Tests and the bench's counting
   * wait on it; requests never do.
   */
  async caughtUp(): Promise<void> {
    await this.client?.query('select 1');
  }

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.handlers.live(false);
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new (pgModule().Client)({ connectionString: this.connectionString });
    let broken = false;
    const lost = () => {
      if (broken) return;
      broken = true;
      if (this.client === client) this.client = undefined;
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
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.handlers.live(true);
  }
}
