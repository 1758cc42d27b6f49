import type { Db } from '../db/database';

/**
 * Sliding-window rate limiting with an optional capped backoff, kept in the database
 * (the `rate_limits` table the fixed-window limiter uses) so it holds across instances.
 *
 * A rule allowing `limit` hits per `windowMs` owns `limit` slots, one row each
 * (`{key}#0` … `{key}#{limit-1}`), whose `window_start` column holds the time of that slot's
 * latest accepted hit. A hit is accepted only by claiming a slot whose last hit is at least
 * `windowMs` old, with one conditional UPDATE (or an INSERT of a slot never used): two
 * requests can never claim the same slot, on SQLite or PostgreSQL, so no window of `windowMs`
 * ever holds more than `limit` accepted hits, however the hits are timed or raced. Unlike a
 * fixed window there is no boundary at which a second burst is let in.
 *
 * Refused hits write nothing: hammering a key never pushes its reopening further away.
 * The backoff (a growing pause between hits after the first few) is judged on what was read
 * just before claiming, so hits racing each other may share one pause; the window limit is
 * what holds exactly. Decision 0021.
 */
export interface SlidingRule {
  /** Hits allowed in any window of `windowMs`. */
  limit: number;
  windowMs: number;
  /** After `freeHits` hits inside the window, each further hit waits `firstDelayMs`, doubling per hit, never more than `maxDelayMs`. */
  backoff?: { freeHits: number; firstDelayMs: number; maxDelayMs: number };
}

export interface SlidingResult {
  allowed: boolean;
  /** Hits inside the window, this one included when it was allowed. */
  hits: number;
  /** When refused: whole seconds until a hit would be accepted (what Retry-After should say). */
  retryAfterSeconds: number;
}

export interface HitPlan {
  allowed: boolean;
  /** Index of a slot free to claim, when allowed. */
  slot: number | null;
  /** Hits inside the window before this one. */
  recentHits: number;
  /** Milliseconds until a hit would be accepted; 0 when allowed. */
  waitMs: number;
}

/** The pause the backoff asks for before the next hit, given how many hits the window already holds. */
export function backoffDelayMs(recentHits: number, rule: SlidingRule): number {
  const backoff = rule.backoff;
  if (!backoff || recentHits < backoff.freeHits) return 0;
  // The exponent is bounded so the doubling cannot overflow to Infinity before the cap applies.
  const doublings = Math.min(recentHits - backoff.freeHits, 40);
  return Math.min(backoff.firstDelayMs * 2 ** doublings, backoff.maxDelayMs);
}

/**
 * Decides a hit from the slots' last-hit times (null: never used). Pure, so the rule can be
 * checked exhaustively without a database (sliding-rate-limit.test.ts).
 */
export function planHit(slots: ReadonlyArray<number | null>, rule: SlidingRule, now: number): HitPlan {
  const windowStart = now - rule.windowMs;
  // A time after `now` (another instance's clock running ahead) counts as recent: it errs on the strict side.
  const recent = slots.filter((time): time is number => time !== null && time > windowStart).sort((a, b) => a - b);
  const freeSlot = slots.findIndex((time) => time === null || time <= windowStart);
  let waitMs = 0;
  // Every slot busy: the oldest hit leaving the window frees the first one.
  if (freeSlot === -1) waitMs = recent[0]! + rule.windowMs - now;
  // The pause is counted from the latest hit; with none in the window there is nothing to wait for.
  const delay = recent.length > 0 ? backoffDelayMs(recent.length, rule) : 0;
  if (delay > 0) waitMs = Math.max(waitMs, recent[recent.length - 1]! + delay - now);
  const allowed = freeSlot !== -1 && waitMs <= 0;
  return { allowed, slot: allowed ? freeSlot : null, recentHits: recent.length, waitMs: allowed ? 0 : Math.max(waitMs, 1) };
}

export function slotKeys(key: string, rule: SlidingRule): string[] {
  return Array.from({ length: rule.limit }, (_, index) => `${key}#${index}`);
}

/** Rounds of read-then-claim before a hit that keeps losing races is refused (only under heavy concurrency on one key). */
const MAX_CLAIM_ROUNDS = 8;

/** Counts one hit against `key` if the rule allows it now. Keys are namespaced by the caller. */
export async function hitSlidingRateLimit(db: Db, key: string, rule: SlidingRule, now: number = Date.now()): Promise<SlidingResult> {
  const keys = slotKeys(key, rule);
  for (let round = 0; round < MAX_CLAIM_ROUNDS; round++) {
    const rows = await db.selectFrom('rate_limits').select(['key', 'window_start']).where('key', 'in', keys).execute();
    const lastHitBySlot = new Map(rows.map((row) => [row.key, Number(row.window_start)]));
    const slots = keys.map((slotKey) => lastHitBySlot.get(slotKey) ?? null);
    const plan = planHit(slots, rule, now);
    if (!plan.allowed) return { allowed: false, hits: plan.recentHits, retryAfterSeconds: Math.ceil(plan.waitMs / 1000) };
    // Try every free slot, not just the first: concurrent hits each find one of their own.
    for (let index = plan.slot!; index < keys.length; index++) {
      const previous = slots[index]!;
      if (previous !== null && previous > now - rule.windowMs) continue;
      if (await claimSlot(db, keys[index]!, previous, rule, now)) {
        return { allowed: true, hits: plan.recentHits + 1, retryAfterSeconds: 0 };
      }
    }
  }
  return { allowed: false, hits: rule.limit, retryAfterSeconds: 1 };
}

/** Takes a slot if nobody else took it since it was read: the WHERE clause makes the claim atomic on both databases. */
async function claimSlot(db: Db, slotKey: string, previous: number | null, rule: SlidingRule, now: number): Promise<boolean> {
  if (previous === null) {
    const inserted = await db
      .insertInto('rate_limits')
      .values({ key: slotKey, window_start: now, hits: 1 })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('rate_limits')
    .set({ window_start: now, hits: 1 })
    .where('key', '=', slotKey)
    .where('window_start', '<=', now - rule.windowMs)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Forgets every hit of `key` (a successful sign-in from a known browser clears that browser's failures). */
export async function forgetSlidingHits(db: Db, key: string, rule: SlidingRule): Promise<void> {
  await forgetSlidingCounters(db, [[key, rule]]);
}

/** forgetSlidingHits for several counters, in one statement. */
export async function forgetSlidingCounters(db: Db, counters: ReadonlyArray<readonly [key: string, rule: SlidingRule]>): Promise<void> {
  if (counters.length === 0) return;
  await db.deleteFrom('rate_limits').where('key', 'in', counters.flatMap(([key, rule]) => slotKeys(key, rule))).execute();
}
