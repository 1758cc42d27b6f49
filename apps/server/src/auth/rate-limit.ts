import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { runQuery } from '../db/accelerator';
import { AppError } from '../http/errors';

/**
 * Fixed-window rate limiting kept in the database, so a limit holds however many
 * app instances serve the traffic. One atomic upsert per hit: the first hit of a
 * window (re)starts the counter, later hits in the same window add one. Works the
 * same on SQLite and PostgreSQL (both support INSERT … ON CONFLICT … RETURNING).
 */
export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends (what a Retry-After header should say). */
  retryAfterSeconds: number;
}

/**
 * One hit on each key, in one statement (each key at most once), on every guest start and
 * sign-in attempt. Its keys and window starts come as flat arguments (key, window start, key, …),
 * so SQLite builds it once per number of keys (db/accelerator.ts: arguments pass through as values).
 */
const countHits = (db: Db, ...keysAndWindowStarts: Array<string | number>) => {
  const windows: Array<{ key: string; window_start: number; hits: number }> = [];
  for (let index = 0; index < keysAndWindowStarts.length; index += 2) {
    windows.push({ key: keysAndWindowStarts[index] as string, window_start: keysAndWindowStarts[index + 1] as number, hits: 1 });
  }
  return db
    .insertInto('rate_limits')
    .values(windows)
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        // Both sides of each CASE read the row as it was before this statement, so the two columns stay consistent.
        hits: sql<number>`case when rate_limits.window_start >= excluded.window_start then rate_limits.hits + 1 else 1 end`,
        window_start: sql<number>`case when rate_limits.window_start >= excluded.window_start then rate_limits.window_start else excluded.window_start end`,
      }),
    )
    .returning(['key', 'hits', 'window_start']);
};

/** Counts one hit against `key` and says whether it is within the rule. Keys are namespaced by the caller, e.g. `guest:ip:1.2.3.4`. */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule, now: number = Date.now()): Promise<RateLimitResult> {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const [row] = await runQuery(db, countHits, key, windowStart);
  if (!row) throw new Error('rate limit: the upsert returned no row');
  return resultOf(row, rule, now);
}

function resultOf(row: { hits: number | string; window_start: number | string }, rule: RateLimitRule, now: number): RateLimitResult {
  const hits = Number(row.hits);
  const windowEnd = Number(row.window_start) + rule.windowMs;
  return { allowed: hits <= rule.limit, hits, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
}

/**
 * Hits every key (all are counted, so one busy key cannot hide another) and reports the strictest
 * outcome. Several keys are counted by one multi-row upsert: one round trip on PostgreSQL
 * (decision 0035), and the same single statement on SQLite.
 */
export async function hitRateLimits(db: Db, hits: Array<{ key: string; rule: RateLimitRule }>, now: number = Date.now()): Promise<RateLimitResult> {
  if (hits.length === 1) return hitRateLimit(db, hits[0]!.key, hits[0]!.rule, now);
  const rows = await runQuery(db, countHits, ...hits.flatMap(({ key, rule }) => [key, Math.floor(now / rule.windowMs) * rule.windowMs]));
  const results = hits.map(({ key, rule }) => {
    const row = rows.find((counted) => counted.key === key);
    if (!row) throw new Error('rate limit: the upsert returned no row');
    return resultOf(row, rule, now);
  });
  const refused = results.filter((result) => !result.allowed);
  if (refused.length === 0) return results.reduce((worst, result) => (result.hits > worst.hits ? result : worst));
  return refused.reduce((worst, result) => (result.retryAfterSeconds > worst.retryAfterSeconds ? result : worst));
}

/** The JSON API's answer to a refused hit: 429 with Retry-After and the usual error envelope. */
export function tooManyRequests(reply: FastifyReply, result: RateLimitResult, message = 'Too many requests. Please wait a few minutes and try again.', code = 'rate_limited'): AppError {
  reply.header('retry-after', String(result.retryAfterSeconds));
  return new AppError(429, code, message);
}

/** Forgets windows that ended long ago; called from housekeeping. */
export async function deleteStaleRateLimits(db: Db, olderThanMs: number, now: number = Date.now()): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', now - olderThanMs).execute();
}
