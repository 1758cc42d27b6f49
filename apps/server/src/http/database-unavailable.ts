/**
 * Whether an error means "the database cannot be reached right now" (a restart, a failover,
 * terminated connections, a full connection table; on SQLite a full disk, an I/O error, a file
 * that cannot be written, decision 0079), as opposed to a fault in Bloom. Such a request is
 * answered 503 with Retry-After, so that callers retry instead of reporting a bug.
 */

/** SQLSTATE classes and codes of PostgreSQL that say the server is going away or not there yet. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, or connections not allowed)
  '53300', // too_many_connections
  '3D000', // invalid_catalog_name: the database is not (yet) there, as in a restore
]);

/** Errors of the socket itself, from Node. */
const UNAVAILABLE_SYSTEM_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** pg's own messages for connections that broke or could not be had in time (it sets no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Connection terminated due to connection timeout',
  // A client's own connectionTimeoutMillis (the pipelined and listening connections), and its
  // query_timeout: a short statement unanswered that long is on a connection that died silently.
  'timeout expired',
  'Query read timeout',
];

/**
 * SQLite's result codes (better-sqlite3's `code`, extended codes included) that say its storage
 * cannot be used right now: the disk is full, an I/O error (a failed write, read or fsync), the
 * file or its folder became read-only, or the file cannot be opened. The statement failed and
 * its transaction was rolled back, so sending the same request again later is safe.
 */
export function isSqliteStorageFailure(code: unknown): boolean {
  return (
    typeof code === 'string' &&
    (code === 'SQLITE_FULL' || code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN'))
  );
}

/**
 * The group commit's own fsync of the WAL (db/embedded/durability.ts) failed: the disk, not Bloom.
 * Node's error says which system call failed and why.
 */
const FAILED_SYNC_CODES = new Set(['EIO', 'ENOSPC', 'EROFS', 'EDQUOT']);
const SYNC_CALLS = new Set(['fsync', 'fdatasync']);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // FATAL ends the connection itself (a refused or terminated session: "database is not currently
  // accepting connections", "the database system is shutting down"): never a statement's own fault.
  const severity = (error as { severity?: unknown }).severity;
  if (severity === 'FATAL' || severity === 'PANIC') return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_SYSTEM_CODES.has(code)) return true;
    // SQLite answers SQLITE_BUSY only once its busy timeout (5 s, db/embedded/open.ts) has passed.
    if (isSqliteStorageFailure(code) || code.startsWith('SQLITE_BUSY')) return true;
    if (FAILED_SYNC_CODES.has(code) && SYNC_CALLS.has((error as { syscall?: unknown }).syscall as string)) return true;
  }
  if (UNAVAILABLE_MESSAGES.some((message) => error.message.includes(message))) return true;
  // Kysely and pg sometimes wrap the socket error (AggregateError from several addresses, or `cause`).
  const inner = (error as { cause?: unknown }).cause ?? (error instanceof AggregateError ? error.errors[0] : undefined);
  return inner !== undefined && inner !== error && isDatabaseUnavailable(inner);
}

/** Seconds a caller should wait before trying again: about how long a PostgreSQL restart takes (or a restart after a failed fsync, decision 0079). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
