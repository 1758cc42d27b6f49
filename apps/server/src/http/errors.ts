import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable';

/** An error whose message is safe to show to the caller. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, 'bad_request', message);
export const unauthorized = (message = 'Please sign in first.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, 'forbidden', message);
/** Also used for "exists but is not yours": callers must not learn what exists. */
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);

export interface ErrorEnvelope {
  error: { code: string; message: string };
}

export const envelope = (code: string, message: string): ErrorEnvelope => ({ error: { code, message } });

/** Parses input with a zod schema and turns failures into a readable 400. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what = 'request'): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const where = first && first.path.length > 0 ? ` (${first.path.join('.')})` : '';
  throw badRequest(`Invalid ${what}${where}: ${first?.message ?? 'malformed input'}`);
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`):
 * a malformed percent-encoding in the path (400) or a path parameter over the length limit
 * (414). Without this they would leave in Fastify's own shape instead of the envelope.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  reply
    .status(tooLong ? 414 : (error.statusCode ?? 400))
    .send(tooLong ? envelope('uri_too_long', 'The address is too long.') : envelope('bad_url', 'The address is not valid.'));
}

/**
 * One JSON envelope for every error. Client errors keep their message; anything
 * unexpected is logged with its stack and answered with a generic 500, never the stack.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(envelope(error.code, error.message));
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = (error as FastifyError).code ?? 'bad_request';
      const message =
        status === 413
          ? 'The request body is too large.'
          : status === 415
            ? 'Unsupported content type; send JSON.'
            : status === 429
              ? 'Too many requests. Please wait a moment and try again.'
              : (error.message || 'Bad request.');
      return reply.status(status).send(envelope(String(code).toLowerCase(), message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: (error as { code?: unknown }).code } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(envelope('database_unavailable', 'Bloom cannot reach its database right now. Nothing was lost; please try again in a few seconds.'));
    }
    const database = databaseError(error);
    if (database && FOREIGN_KEY_VIOLATIONS.has(database.code)) {
      // Every write checks what it refers to first, so this is a race: the row went meanwhile
      // (an account erased while its browser still writes, a group deleted while someone joins).
      request.log.warn({ err: database }, 'a write referred to a row removed meanwhile');
      return reply.status(409).send(envelope('conflict', 'Something this change refers to was removed meanwhile. Please reload the page and try again.'));
    }
    if (database && CONCURRENT_CHANGE_FAILURES.has(database.code)) {
      // PostgreSQL ended this request's transaction to let a simultaneous one finish (two writes
      // that lock the same rows in opposite orders): rolled back, so the same request can be sent again.
      request.log.warn({ err: database }, 'a transaction gave way to a simultaneous one');
      return reply.status(409).send(envelope('conflict', 'Another change was being made at the same moment. Please try again.'));
    }
    request.log.error({ err: database ?? error }, 'unhandled error');
    return reply.status(500).send(envelope('internal_error', 'Something went wrong on our side. Please try again.'));
  });
}

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back. */
const CONCURRENT_CHANGE_FAILURES = new Set(['40P01', '40001']);

/** PostgreSQL's foreign_key_violation, and SQLite's. */
const FOREIGN_KEY_VIOLATIONS = new Set(['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY']);

/**
 * A database error as the log may keep it. PostgreSQL puts the row's values in `detail` (an
 * e-mail, a person's id) and `where`; the message, the code and the constraint name say what
 * went wrong without them. Null for anything that is not a database error.
 */
export function databaseError(error: unknown): { message: string; code: string; constraint?: string; stack?: string } | null {
  if (!(error instanceof Error)) return null;
  const { code, constraint, severity } = error as { code?: unknown; constraint?: unknown; severity?: unknown };
  if (typeof code !== 'string') return null;
  const fromPostgres = typeof severity === 'string' && /^[0-9A-Z]{5}$/.test(code);
  if (!fromPostgres && !code.startsWith('SQLITE_')) return null;
  return { message: error.message, code, ...(typeof constraint === 'string' ? { constraint } : {}), stack: error.stack };
}
