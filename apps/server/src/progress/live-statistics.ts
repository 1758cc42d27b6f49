/**
 * The live statistics of the instrument (DESIGN §13, §15; decision 0026): α, mean and SD per
 * scale and form and per-item figures (the domain's `instrumentStatisticsSteps`), computed
 * from the item-level answers of completed assessments of research-consenting people.
 *
 * Computing them reads every item row of the research data (about 0.25 s on SQLite for 10,000
 * assessments, 480,000 item rows, aggregated per assessment in the database) and then the
 * domain's figures (about 55 ms, in steps), so they are kept per database in this process and callers are
 * answered from what is kept. Each caller first asks a cheap aggregate query
 * (`researchFingerprint`: counts per form, the latest completion, the latest opt-in; ~8 ms on
 * 10,000 assessments):
 * - **nothing kept yet** (the first call after start): the figures are computed before answering;
 *   concurrent first callers share that one computation;
 * - **the research data changed** (an assessment completed, someone opted in or out, an account
 *   was deleted): the kept figures answer at once, with their `computedAt`, and one computation
 *   starts in the background; its figures answer from the moment it ends;
 * - **unchanged, but the figures are older than STATISTICS_TTL_MS** (60 s): the same, which
 *   catches what the fingerprint cannot see (an answer changed inside a completed assessment: only
 *   a person's latest assessment can change, one answer at a time).
 * There is never more than one computation per database at a time: a change seen while one runs
 * starts one more when it ends, unless the one that ended read that very state. Progress pages skip even
 * the fingerprint while it was last confirmed less than 60 s ago (a few new assessments barely
 * move α or σ).
 */
import {
  instrumentStatisticsSteps,
  MIN_N_FOR_LIVE_RELIABILITY,
  type ScaleFigures,
  type ScaleItemAnalysis,
} from '@bloom/domain';
import type { Db } from '../db/database';
import { isoNow } from '../lib/time';
import { researchAnswers, researchFingerprint, yieldToEventLoop, type ResearchFingerprint } from './repository';

/** Figures older than this are recomputed (in the background when the fingerprint has not changed). */
export const STATISTICS_TTL_MS = 60_000;

export interface LiveStatistics {
  readonly fingerprint: ResearchFingerprint;
  /** ISO time the figures were computed. */
  readonly computedAt: string;
  readonly figures: ScaleFigures;
  readonly itemAnalyses: readonly ScaleItemAnalysis[];
}

interface Entry extends LiveStatistics {
  readonly computedAtMs: number;
  /** When the fingerprint last matched these figures. */
  checkedAtMs: number;
}

interface CacheSlot {
  entry?: Entry;
  /** The one computation under way. */
  pending?: Promise<Entry>;
  /** Computations started so far (tests and the bench read it). */
  computations: number;
}

/** One slot per database: test servers in one process each have their own. */
const slots = new WeakMap<Db, CacheSlot>();

function slotOf(db: Db): CacheSlot {
  let slot = slots.get(db);
  if (!slot) slots.set(db, (slot = { computations: 0 }));
  return slot;
}

const sameFingerprint = (a: ResearchFingerprint, b: ResearchFingerprint) =>
  a.rapid === b.rapid && a.professional === b.professional && a.lastCompletedAt === b.lastCompletedAt && a.lastUserUpdate === b.lastUserUpdate;

const within = (ms: number, now: number) => now - ms < STATISTICS_TTL_MS;

/**
 * Computes the figures from the database, or joins the computation under way: never two at once.
 * The fingerprint is read before the rows, so a change that lands during the read shows as a
 * different fingerprint at the next check (and is computed then), never as figures that claim it.
 */
function compute(db: Db, slot: CacheSlot): Promise<Entry> {
  if (slot.pending) return slot.pending;
  slot.computations += 1;
  const run = async (): Promise<Entry> => {
    try {
      const fingerprint = await researchFingerprint(db);
      const rows = await researchAnswers(db);
      const computedAt = isoNow();
      // ~55 ms on 10,000 assessments in ~30 steps of at most ~15 ms: other requests get a turn between them.
      const steps = instrumentStatisticsSteps(rows, { source: 'live', computedAt });
      let step = steps.next();
      while (!step.done) {
        await yieldToEventLoop();
        step = steps.next();
      }
      const { figures, itemAnalyses } = step.value;
      const entry: Entry = { fingerprint, computedAt, computedAtMs: Date.now(), checkedAtMs: Date.now(), figures, itemAnalyses };
      slot.entry = entry;
      return entry;
    } finally {
      slot.pending = undefined;
    }
  };
  slot.pending = run();
  return slot.pending;
}

/** Starts a computation nobody waits for; a failed one leaves the kept figures as they were, and the next change tries again. */
function inBackground(db: Db, slot: CacheSlot): void {
  compute(db, slot).catch(() => {});
}

/**
 * Compares what is kept with the fingerprint a caller just read: starts a background computation
 * when the data changed or the figures are older than STATISTICS_TTL_MS, and never waits for it.
 */
function keepCurrent(db: Db, slot: CacheSlot, entry: Entry, fingerprint: ResearchFingerprint): void {
  const now = Date.now();
  if (sameFingerprint(entry.fingerprint, fingerprint)) {
    entry.checkedAtMs = now;
    if (!within(entry.computedAtMs, now)) inBackground(db, slot);
    return;
  }
  if (!slot.pending) return inBackground(db, slot);
  // One is under way already: when it ends, compute once more unless it read this very state.
  slot.pending.then(
    (done) => {
      if (!sameFingerprint(done.fingerprint, fingerprint)) inBackground(db, slot);
    },
    () => {},
  );
}

/**
 * GetInstrumentStatistics: the kept figures (their `computedAt` says how old they are), after
 * asking the fingerprint and starting a background computation when the data changed; only the
 * first call, with nothing kept, waits for a computation.
 */
export async function currentLiveStatistics(db: Db): Promise<LiveStatistics> {
  const slot = slotOf(db);
  if (!slot.entry) return compute(db, slot);
  const fingerprint = await researchFingerprint(db);
  keepCurrent(db, slot, slot.entry, fingerprint);
  // A computation may have ended while the fingerprint was read: the newest figures answer.
  return slot.entry;
}

/**
 * Resolves once no computation is under way for `db` (including one started because a change was
 * seen while another ran). For tests and the bench: the request path never waits for this.
 */
export async function liveStatisticsSettled(db: Db): Promise<LiveStatistics | undefined> {
  const slot = slotOf(db);
  while (slot.pending) await slot.pending.catch(() => {});
  return slot.entry;
}

/** How many computations have started for `db`, and whether one is under way (tests). */
export function liveStatisticsActivity(db: Db): { computations: number; computing: boolean } {
  const slot = slotOf(db);
  return { computations: slot.computations, computing: slot.pending !== undefined };
}

/** What reliable change needs: the live figures when a form may use them, and the live data's size per form. */
export interface ReliabilitySource {
  /** Null while neither form has MIN_N_FOR_LIVE_RELIABILITY assessments: only the bundled figures can be used. */
  readonly live: LiveStatistics | null;
  readonly counts: { readonly Rapid: number; readonly Professional: number };
}

const countsOf = (fingerprint: ResearchFingerprint) => ({ Rapid: fingerprint.rapid, Professional: fingerprint.professional });

/**
 * For progress pages: figures whose fingerprint was confirmed less than STATISTICS_TTL_MS ago
 * are used without asking the database. Otherwise the fingerprint is asked: kept figures answer
 * (a change starts a background computation, as for GetInstrumentStatistics); with nothing kept,
 * the item rows are read only once a form has MIN_N_FOR_LIVE_RELIABILITY assessments (before that
 * only the bundled figures can be used, so there is nothing to compute).
 */
export async function reliabilitySource(db: Db): Promise<ReliabilitySource> {
  const slot = slotOf(db);
  const kept = slot.entry;
  if (kept && within(kept.checkedAtMs, Date.now())) return { live: kept, counts: countsOf(kept.fingerprint) };
  const fingerprint = await researchFingerprint(db);
  const counts = countsOf(fingerprint);
  if (slot.entry) {
    keepCurrent(db, slot, slot.entry, fingerprint);
    return { live: slot.entry, counts };
  }
  if (Math.max(counts.Rapid, counts.Professional) < MIN_N_FOR_LIVE_RELIABILITY) return { live: null, counts };
  return { live: await compute(db, slot), counts };
}
