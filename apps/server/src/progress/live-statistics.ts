/**
 * The live statistics of the instrument (DESIGN §13, §15; decision 0026): α, mean and SD per
 * scale and form (`computeScaleFigures`) and per-item figures (`computeItemAnalyses`), computed
 * from the item-level answers of completed assessments of research-consenting people.
 *
 * Computing them reads every item row of the research data and took about a second on 10,000
 * assessments (480,000 item rows; most of it is reading the rows), so they are kept per database
 * in this process, and each caller first asks a cheap aggregate query (`researchFingerprint`:
 * counts per form, the latest completion, the latest opt-in; ~10 ms on 10,000 assessments):
 * - **the research data changed** (an assessment completed, someone opted in or out, an account
 *   was deleted): the figures are recomputed before answering, so nobody reads figures that miss
 *   a change the fingerprint shows;
 * - **unchanged, but the figures are older than STATISTICS_TTL_MS** (60 s): the cached figures
 *   answer, and a recomputation starts in the background. This catches what the fingerprint cannot
 *   see (an answer changed inside a completed assessment: only a person's latest assessment can
 *   change, one answer at a time) without making a caller wait for it.
 * Progress pages skip even the fingerprint while it was last confirmed less than 60 s ago (a few
 * new assessments barely move α or σ). Concurrent callers share one computation.
 */
import {
  computeItemAnalyses,
  computeScaleFigures,
  MIN_N_FOR_LIVE_RELIABILITY,
  type ScaleFigures,
  type ScaleItemAnalysis,
} from '@bloom/domain';
import type { Db } from '../db/database';
import { isoNow } from '../lib/time';
import { researchAnswers, researchFingerprint, type ResearchFingerprint } from './repository';

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
  pending?: Promise<Entry>;
}

/** One slot per database: test servers in one process each have their own. */
const slots = new WeakMap<Db, CacheSlot>();

function slotOf(db: Db): CacheSlot {
  let slot = slots.get(db);
  if (!slot) slots.set(db, (slot = {}));
  return slot;
}

const sameFingerprint = (a: ResearchFingerprint, b: ResearchFingerprint) =>
  a.rapid === b.rapid && a.professional === b.professional && a.lastCompletedAt === b.lastCompletedAt && a.lastUserUpdate === b.lastUserUpdate;

const within = (ms: number, now: number) => now - ms < STATISTICS_TTL_MS;

/** Computes the figures from the database; concurrent callers of one database share the computation. */
function recompute(db: Db, slot: CacheSlot, fingerprint: ResearchFingerprint): Promise<Entry> {
  if (slot.pending) return slot.pending;
  const pending = (async () => {
    const rows = await researchAnswers(db);
    const computedAt = isoNow();
    const now = Date.now();
    const entry: Entry = {
      fingerprint,
      computedAt,
      computedAtMs: now,
      checkedAtMs: now,
      figures: computeScaleFigures(rows, { source: 'live', computedAt }),
      itemAnalyses: computeItemAnalyses(rows),
    };
    slot.entry = entry;
    return entry;
  })();
  slot.pending = pending;
  const clear = () => {
    if (slot.pending === pending) slot.pending = undefined;
  };
  pending.then(clear, clear);
  return pending;
}

/** The figures for the research data as `fingerprint` describes it (see the module comment). */
async function statisticsFor(db: Db, fingerprint: ResearchFingerprint): Promise<LiveStatistics> {
  const slot = slotOf(db);
  const { entry } = slot;
  const now = Date.now();
  if (entry && sameFingerprint(entry.fingerprint, fingerprint)) {
    entry.checkedAtMs = now;
    if (!within(entry.computedAtMs, now)) recompute(db, slot, fingerprint).catch(() => {}); // a failed refresh leaves the figures as they were; the next caller tries again
    return entry;
  }
  // A computation already under way may have started before the change: wait for it, then check again.
  if (slot.pending) {
    const shared = await slot.pending;
    if (sameFingerprint(shared.fingerprint, fingerprint)) return shared;
  }
  return recompute(db, slot, fingerprint);
}

/** GetInstrumentStatistics: the live statistics as of now (the fingerprint is asked on every call). */
export async function currentLiveStatistics(db: Db): Promise<LiveStatistics> {
  return statisticsFor(db, await researchFingerprint(db));
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
 * are used without asking the database; otherwise the fingerprint is asked, and the item rows are
 * read only once a form has MIN_N_FOR_LIVE_RELIABILITY assessments (before that only the bundled
 * figures can be used, so there is nothing to compute).
 */
export async function reliabilitySource(db: Db): Promise<ReliabilitySource> {
  const { entry } = slotOf(db);
  if (entry && within(entry.checkedAtMs, Date.now())) return { live: entry, counts: countsOf(entry.fingerprint) };
  const fingerprint = await researchFingerprint(db);
  const counts = countsOf(fingerprint);
  if (Math.max(counts.Rapid, counts.Professional) < MIN_N_FOR_LIVE_RELIABILITY) return { live: null, counts };
  return { live: await statisticsFor(db, fingerprint), counts };
}
