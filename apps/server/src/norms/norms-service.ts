/**
 * The norms benchmarks compare with (DESIGN §4): live snapshots computed from the research data,
 * or the bundled, provisional baseline until the live population reaches 100 (decision 0060).
 *
 * A snapshot is computed from the research rows of decision 0058 (each research-consenting
 * person's latest completed assessment of each form, `researchNormBatches`: one query, no query
 * per assessment), scored and aggregated in a short-lived child process (norms-in-worker.ts), and stored under an id made from the fingerprint of the data it was computed
 * from. The norms refresher (norms-refresh.ts) computes one in the background when that
 * fingerprint changes; requests only read the latest snapshot, which each instance keeps for a
 * minute.
 */
import { MIN_LIVE_POPULATION, NormsSchema, selectNorms, type Norms } from '@bloom/domain';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { onPostgres } from '../db/dialect';
import { isoNow } from '../lib/time';
import { researchAssessments, researchNormBatches } from '../progress/repository';
import { computeNormsInWorker } from './norms-in-worker';

/** Norm snapshots are read often and change rarely: each instance keeps the latest in memory for a minute. */
export const NORMS_CACHE_MS = 60_000;
/** Snapshots kept: the newest few, so the table never grows without bound (older ones are deleted when one is added). */
export const KEPT_NORM_SNAPSHOTS = 3;

/** One cache per database: test servers in one process each have their own. */
const cache = new WeakMap<Db, { norms: Norms; snapshot: string | null; loadedAt: number }>();

/** Which snapshot a row is: its id and computation time (a recompute of the same data keeps the id). */
const snapshotOf = (row: { id: string; computed_at: string } | undefined) => (row ? `${row.id}@${row.computed_at}` : null);

/**
 * The norms to compare against: the latest live snapshot when its population is large
 * enough (DESIGN.md §4: n ≥ 100), otherwise the bundled, provisional baseline. Kept for a minute;
 * then the latest snapshot's id and time are asked, and its payload (up to a few MB with many groups) is read
 * and parsed again only when it is another snapshot.
 */
export async function currentNorms(db: Db): Promise<Norms> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.loadedAt < NORMS_CACHE_MS) return cached.norms;
  if (cached) {
    const latest = await db.selectFrom('norm_snapshots').select(['id', 'computed_at']).orderBy('computed_at', 'desc').limit(1).executeTakeFirst();
    if (snapshotOf(latest) === cached.snapshot) {
      cache.set(db, { ...cached, loadedAt: Date.now() });
      return cached.norms;
    }
  }
  const row = await db.selectFrom('norm_snapshots').select(['id', 'computed_at', 'payload']).orderBy('computed_at', 'desc').limit(1).executeTakeFirst();
  let live: Norms | null = null;
  if (row) {
    const parsed = NormsSchema.safeParse(JSON.parse(row.payload));
    live = parsed.success ? parsed.data : null;
  }
  const norms = selectNorms(live);
  cache.set(db, { norms, snapshot: snapshotOf(row), loadedAt: Date.now() });
  return norms;
}

/** Forgets this instance's copy of the norms: the next reader reads the latest snapshot. */
export function forgetCachedNorms(db: Db): void {
  cache.delete(db);
}

/**
 * What the norms rest on, in one aggregate query: the research rows per form, their latest
 * completion and their owners' latest change (opt-in, opt-out), and the count and latest change of
 * their life situations (saved after completion too). Any new research row, opt-out, deleted
 * account or changed life situation changes it; an answer changed inside a completed assessment
 * does not (the refresher's hourly recompute covers that).
 */
export async function normsFingerprint(db: Db): Promise<NormsFingerprint> {
  const rows = await researchAssessments(db)
    .leftJoin('life_data', 'life_data.assessment_id', 'assessments.id')
    .select((eb) => [
      'assessments.is_ninety_item',
      eb.fn.countAll().as('n'),
      eb.fn.max('assessments.completed_at').as('last_completed_at'),
      eb.fn.max('users.updated_at').as('last_user_update'),
      eb.fn.count('life_data.assessment_id').as('life_data'),
      eb.fn.max('life_data.updated_at').as('last_life_data_update'),
    ])
    .groupBy('assessments.is_ninety_item')
    .orderBy('assessments.is_ninety_item')
    .execute();
  const parts = rows.map((row) => [
    Number(row.is_ninety_item),
    Number(row.n),
    row.last_completed_at ?? null,
    row.last_user_update ?? null,
    Number(row.life_data),
    row.last_life_data_update ?? null,
  ]);
  return { key: JSON.stringify(parts), rows: rows.reduce((sum, row) => sum + Number(row.n), 0) };
}

export interface NormsFingerprint {
  /** The state of the research data, as one comparable string. */
  readonly key: string;
  /** The research rows a snapshot of this state would rest on. */
  readonly rows: number;
}

/**
 * A snapshot's id names the research data it was computed from: a hash of its fingerprint. So the
 * database itself holds one snapshot per state of the data (the primary key), whichever instance
 * computed it, without a column of its own (decision 0060). Snapshots stored before have UUIDs.
 */
export function snapshotIdFor(fingerprint: string): string {
  return `research-${createHash('sha256').update(fingerprint).digest('hex').slice(0, 40)}`;
}

/** The id, computation time and population of the latest snapshot, or null when there is none. */
export async function latestSnapshot(db: Db): Promise<{ id: string; computedAt: string; population: number } | null> {
  const row = await db.selectFrom('norm_snapshots').select(['id', 'computed_at', 'population_size']).orderBy('computed_at', 'desc').limit(1).executeTakeFirst();
  return row ? { id: row.id, computedAt: row.computed_at, population: Number(row.population_size) } : null;
}

/** A key of PostgreSQL's advisory locks: held by the one instance computing a snapshot ("bloom norms"). */
const NORMS_LOCK_KEY = 0x6e6f726d73;

export type NormsComputation =
  | { computed: true; population: number; fingerprint: string }
  /**
   * `up_to_date`: the latest snapshot is of this data; `too_few`: neither it nor this data reach
   * 100 (the baseline answers either way); `recent`: the data changed, but the latest live
   * snapshot is younger than `minIntervalMs`; `busy`: another instance is computing.
   */
  | { computed: false; reason: 'up_to_date' | 'too_few' | 'busy'; fingerprint: string | null }
  /** `notBefore`: when the next snapshot may be computed (ms since the epoch). */
  | { computed: false; reason: 'recent'; fingerprint: string | null; notBefore: number };

/**
 * Computes a snapshot from the research rows and stores it under the id of the fingerprint read
 * before the rows (so a change during the read shows as a different fingerprint next time, never
 * as a snapshot that claims it), then deletes all but the newest KEPT_NORM_SNAPSHOTS. On
 * PostgreSQL this runs in a transaction holding an advisory lock: an instance that finds another
 * computing answers `busy`, and the one computing checks again under the lock whether the latest
 * snapshot is of this data; the id keeps it to one row per state of the data even so. SQLite has
 * one process (decision 0011).
 * Nothing is stored while both this data and the latest snapshot rest on fewer than 100 rows:
 * the baseline answers either way (DESIGN §4), and a small install never writes. With
 * `maxAgeMs`, a latest snapshot of the same data is computed again once it is older than that
 * (the fingerprint cannot see an answer changed inside a completed assessment). `force` computes
 * and stores whatever the data and the latest snapshot are.
 */
export async function computeNormSnapshot(
  db: Db,
  { maxAgeMs = Number.POSITIVE_INFINITY, minIntervalMs = 0, force = false }: { maxAgeMs?: number; minIntervalMs?: number; force?: boolean } = {},
): Promise<NormsComputation> {
  const compute = async (trx: Db): Promise<NormsComputation> => {
    const { key: fingerprint, rows: size } = await normsFingerprint(trx);
    const id = snapshotIdFor(fingerprint);
    const latest = await latestSnapshot(trx);
    if (!force) {
      if (latest?.id === id && Date.now() - Date.parse(latest.computedAt) < maxAgeMs) return { computed: false, reason: 'up_to_date', fingerprint };
      if (size < MIN_LIVE_POPULATION && (latest?.population ?? 0) < MIN_LIVE_POPULATION) return { computed: false, reason: 'too_few', fingerprint };
      // Norms describe a population: a few more people change them little, and a computation reads
      // every research row. Once live, they are computed at most every `minIntervalMs`.
      const notBefore = latest ? Date.parse(latest.computedAt) + minIntervalMs : 0;
      if (latest && latest.population >= MIN_LIVE_POPULATION && Date.now() < notBefore) return { computed: false, reason: 'recent', fingerprint, notBefore };
    }
    const computedAt = isoNow();
    const { payload, population } = await computeNormsInWorker(researchNormBatches(trx), computedAt);
    const snapshot = { computed_at: computedAt, population_size: population, payload };
    // The same data seen again (an opt-in undone, say): its snapshot becomes the latest once more.
    await trx
      .insertInto('norm_snapshots')
      .values({ id, ...snapshot })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(snapshot))
      .execute();
    await trx
      .deleteFrom('norm_snapshots')
      .where('id', 'not in', (eb) => eb.selectFrom('norm_snapshots as kept').select('kept.id').orderBy('kept.computed_at', 'desc').limit(KEPT_NORM_SNAPSHOTS))
      .execute();
    return { computed: true, population, fingerprint };
  };
  const result = onPostgres(db)
    ? await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${NORMS_LOCK_KEY}::bigint) as locked`.execute(trx);
        if (!rows[0]?.locked) return { computed: false, reason: 'busy', fingerprint: null } as const;
        return compute(trx);
      })
    : await compute(db);
  if (result.computed) forgetCachedNorms(db);
  return result;
}

/**
 * Recomputes the norms now, whatever the latest snapshot rests on, and returns the population
 * size (tests; the refresher is what keeps them current). Waits while another instance computes.
 */
export async function recomputeNorms(db: Db): Promise<number> {
  for (;;) {
    const result = await computeNormSnapshot(db, { force: true });
    if (result.computed) return result.population;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
