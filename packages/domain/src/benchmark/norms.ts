/**
 * Norms: mean, sd and n of each benchmark measure, for the whole population and for
 * groups of people sharing life-data values. `computeNorms` recomputes them from the
 * rows the server hands over. The bundled provisional baseline is in baseline.ts.
 */
import { z } from 'zod';
import type { AssessmentScores } from '../scoring/types';
import { CRITERIA_DROP_ORDER, statedCriteria, type CriterionKey, type LifeCriteria, type LifeData } from './life-data';

export const NORM_MEASURES = ['overall', 'experiences', 'feelings', 'mindset', 'resilience'] as const;
export type NormMeasure = (typeof NORM_MEASURES)[number];

/** Smallest group used for "similar others" (smaller groups are neither used nor stored). */
export const MIN_COMPARISON_GROUP_SIZE = 30;
/** Live norms replace the baseline from this population size. */
export const MIN_LIVE_POPULATION = 100;

const NormStatSchema = z.strictObject({ mean: z.number(), sd: z.number().min(0), n: z.int().min(0) });
const CriteriaSchema = z.partialRecord(z.enum(CRITERIA_DROP_ORDER), z.string());
export const NormGroupSchema = z.strictObject({
  criteria: CriteriaSchema,
  n: z.int().min(0),
  measures: z.strictObject({
    overall: NormStatSchema,
    experiences: NormStatSchema,
    feelings: NormStatSchema,
    mindset: NormStatSchema,
    resilience: NormStatSchema,
  }),
  /** Per-wellspring stats (by wellspringName), used for the life-situations lists. */
  wellsprings: z.record(z.string(), NormStatSchema),
});
export const NormsSchema = z.strictObject({
  source: z.enum(['baseline', 'live']),
  /** True when comparisons must be labelled provisional (the baseline). */
  provisional: z.boolean(),
  /** Where these numbers come from, in plain words. */
  provenance: z.string().min(1),
  computedAt: z.string().nullable(),
  minGroupSize: z.int().min(1),
  population: NormGroupSchema,
  /** Groups with n >= minGroupSize only. */
  groups: z.array(NormGroupSchema),
});

export type NormStat = z.output<typeof NormStatSchema>;
export type NormGroup = z.output<typeof NormGroupSchema>;
export type Norms = z.output<typeof NormsSchema>;

/** The benchmark measures of one completed assessment. */
export interface NormScores {
  readonly overall: number | null;
  readonly experiences: number | null;
  readonly feelings: number | null;
  /** Mindset Overall (balance). */
  readonly mindset: number | null;
  /** Resilience Overall, percent. */
  readonly resilience: number | null;
  readonly wellsprings: Readonly<Record<string, number | null>>;
}

/** One research row: a completed assessment's measures and its owner's life data. */
export interface NormRow {
  readonly scores: NormScores;
  readonly lifeData: Partial<LifeData> | null;
}

/** The benchmark measures of scored answers (what a norm row stores). */
export function normScoresFrom(scores: AssessmentScores): NormScores {
  return {
    overall: scores.wellBeing.overall,
    experiences: scores.wellBeing.experiences,
    feelings: scores.wellBeing.feelings,
    mindset: scores.mindset.overall,
    resilience: scores.resilience.overall,
    wellsprings: Object.fromEntries(scores.wellsprings.map((w) => [w.wellspringName, w.score])),
  };
}

/** Mean, SD (n − 1) and n from running sums, rounded to 4 places; all 0 without values. */
function statOf(n: number, sum: number, sumSq: number): NormStat {
  if (n === 0) return { mean: 0, sd: 0, n: 0 };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sumSq - n * mean * mean) / (n - 1)) : 0;
  return { mean: round4(mean), sd: round4(Math.sqrt(variance)), n };
}

/**
 * One row's values, prepared once for every group it joins: the NORM_MEASURES first, then its
 * wellsprings at their slots (a slot per wellspring name, shared by every group of a computation).
 */
interface PreparedRow {
  readonly values: readonly (number | null | undefined)[];
  /** Slots of the wellspring names the row has (a group lists a wellspring once a row of it has the name). */
  readonly named: readonly number[];
}

/**
 * Running sums of one group: per value slot the count, sum and sum of squares of finite values
 * (plain arrays, so a group added to 10,000 times × 128 subsets allocates nothing per add).
 */
class GroupAccumulator {
  n = 0;
  readonly count: number[] = [];
  readonly sum: number[] = [];
  readonly sumSq: number[] = [];
  readonly present: boolean[] = [];
  constructor(readonly criteria: LifeCriteria) {}
  add(row: PreparedRow): void {
    this.n += 1;
    const { values } = row;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined || !Number.isFinite(v)) continue;
      this.count[i] = (this.count[i] ?? 0) + 1;
      this.sum[i] = (this.sum[i] ?? 0) + v;
      this.sumSq[i] = (this.sumSq[i] ?? 0) + v * v;
    }
    for (const slot of row.named) this.present[slot] = true;
  }
  stat(slot: number): NormStat {
    return statOf(this.count[slot] ?? 0, this.sum[slot] ?? 0, this.sumSq[slot] ?? 0);
  }
  result(wellspringNames: readonly string[]): NormGroup {
    return {
      criteria: this.criteria,
      n: this.n,
      measures: Object.fromEntries(NORM_MEASURES.map((m, i) => [m, this.stat(i)])) as Record<NormMeasure, NormStat>,
      wellsprings: Object.fromEntries(wellspringNames.flatMap((name, w) => (this.present[NORM_MEASURES.length + w] ? [[name, this.stat(NORM_MEASURES.length + w)]] : []))),
    };
  }
}

export interface ComputeNormsOptions {
  /** ISO timestamp to record (passed in: domain code never reads the clock). */
  readonly computedAt?: string | null;
  readonly minGroupSize?: number;
  readonly provenance?: string;
}

/**
 * Norms from research rows. Every row counts towards the population and towards each
 * group defined by any subset of its stated life-data values (at most 2^7 = 128), so
 * any person's matching ladder can be answered later without the rows. Groups smaller
 * than `minGroupSize` are dropped (they are too noisy to compare against and could
 * single people out).
 */
export function computeNorms(rows: Iterable<NormRow>, options: ComputeNormsOptions = {}): Norms {
  const minGroupSize = options.minGroupSize ?? MIN_COMPARISON_GROUP_SIZE;
  const population = new GroupAccumulator({});
  const groups = new Map<string, GroupAccumulator>();
  const slots = new Map<string, number>();
  const wellspringNames: string[] = [];
  for (const row of rows) {
    const prepared = prepare(row.scores, slots, wellspringNames);
    population.add(prepared);
    const stated = statedCriteria(row.lifeData);
    const keys = Object.keys(stated) as CriterionKey[];
    // statedCriteria lists its keys in CRITERIA_DROP_ORDER, so joining a subset's parts in order is its criteriaKey.
    const parts = keys.map((k) => `${k}=${stated[k]}`);
    for (let mask = 1; mask < 1 << keys.length; mask++) {
      let key = '';
      for (let bit = 0; bit < keys.length; bit++) if (mask & (1 << bit)) key = key === '' ? parts[bit]! : `${key}|${parts[bit]}`;
      let group = groups.get(key);
      if (!group) {
        const criteria: LifeCriteria = {};
        keys.forEach((k, bit) => {
          if (mask & (1 << bit)) criteria[k] = stated[k];
        });
        groups.set(key, (group = new GroupAccumulator(criteria)));
      }
      group.add(prepared);
    }
  }
  const populationResult = population.result(wellspringNames);
  return {
    source: 'live',
    provisional: false,
    provenance:
      options.provenance ??
      `Computed from ${populationResult.n} completed assessments of people who opted into research.`,
    computedAt: options.computedAt ?? null,
    minGroupSize,
    population: populationResult,
    groups: [...groups.values()].filter((g) => g.n >= minGroupSize).map((g) => g.result(wellspringNames)),
  };
}

/** A row's values at their slots; a wellspring name not seen before gets the next slot. */
function prepare(scores: NormScores, slots: Map<string, number>, names: string[]): PreparedRow {
  const values: (number | null | undefined)[] = NORM_MEASURES.map((m) => scores[m]);
  const named: number[] = [];
  for (const [name, value] of Object.entries(scores.wellsprings)) {
    let slot = slots.get(name);
    if (slot === undefined) {
      slot = NORM_MEASURES.length + names.length;
      slots.set(name, slot);
      names.push(name);
    }
    values[slot] = value;
    named.push(slot);
  }
  return { values, named };
}

function round4(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}
