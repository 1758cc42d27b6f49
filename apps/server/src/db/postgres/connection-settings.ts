/**
 * How Bloom's connections to PostgreSQL notice that the database is gone. A restart or
 * `pg_terminate_backend` closes the socket, which every connection hears at once; a failover
 * that sends no reset, or a firewall that forgets an idle connection, does not, and a statement
 * written to such a link would wait for the kernel to give up (about a quarter of an hour).
 */

/** While the database is unreachable, a connection attempt fails (503) after this long rather than hang. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** TCP keep-alive on every connection, so an idle one that has silently died is found and closed. */
export const KEEP_ALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

/**
 * A short statement (a pipelined one, the change listener's heartbeat) unanswered this long means
 * its connection is dead: it fails (503), and the connection is replaced. The pipelined
 * statements take milliseconds, even queued behind a row lock (decision 0054).
 */
export const SHORT_STATEMENT_TIMEOUT_MS = 10_000;

/** Timeouts a test may shorten. */
export interface ConnectionTimeouts {
  connectMs: number;
  statementMs: number;
}

export const CONNECTION_TIMEOUTS: ConnectionTimeouts = { connectMs: CONNECT_TIMEOUT_MS, statementMs: SHORT_STATEMENT_TIMEOUT_MS };
