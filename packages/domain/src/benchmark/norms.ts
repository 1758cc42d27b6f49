/**
 * Norms: mean, sd and n of each benchmark measure, for the whole population and for
 * groups of people sharing life-data values. `computeNorms` recomputes them from the
 * rows the server hands over. The bundled provisional baseline is in baseline.ts.
 */
import { z } from 'zod';
import type { AssessmentScores } from '../scoring/types';
import { CRITERIA_DROP_ORDER, criteriaKey, statedCriteria, type CriterionKey, type LifeCriteria, type LifeData } from './life-data';

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

/** Running sums of one measure; sd uses n − 1. */
class Accumulator {
  n = 0;
  sum = 0;
  sumSq = 0;
  add(v: number | null | undefined): void {
    if (v === null || v === undefined || !Number.isFinite(v)) return;
    this.n += 1;
    this.sum += v;
    this.sumSq += v * v;
  }
  stat(): NormStat {
    if (this.n === 0) return { mean: 0, sd: 0, n: 0 };
    const mean = this.sum / this.n;
    const variance = this.n > 1 ? Math.max(0, (this.sumSq - this.n * mean * mean) / (this.n - 1)) : 0;
    return { mean: round4(mean), sd: round4(Math.sqrt(variance)), n: this.n };
  }
}

class GroupAccumulator {
  n = 0;
  readonly measures = Object.fromEntries(NORM_MEASURES.map((m) => [m, new Accumulator()])) as Record<NormMeasure, Accumulator>;
  readonly wellsprings = new Map<string, Accumulator>();
  constructor(readonly criteria: LifeCriteria) {}
  add(scores: NormScores): void {
    this.n += 1;
    for (const m of NORM_MEASURES) this.measures[m].add(scores[m]);
    for (const [name, value] of Object.entries(scores.wellsprings)) {
      let acc = this.wellsprings.get(name);
      if (!acc) this.wellsprings.set(name, (acc = new Accumulator()));
      acc.add(value);
    }
  }
  result(): NormGroup {
    return {
      criteria: this.criteria,
      n: this.n,
      measures: Object.fromEntries(NORM_MEASURES.map((m) => [m, this.measures[m].stat()])) as Record<NormMeasure, NormStat>,
      wellsprings: Object.fromEntries([...this.wellsprings].map(([name, acc]) => [name, acc.stat()])),
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
  const steps = computeNormsSteps(rows, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Rows `computeNormsSteps` takes between two yields (each row updates up to 128 groups). */
export const NORMS_ROWS_PER_STEP = 250;

/**
 * `computeNorms` as steps: it yields after every NORMS_ROWS_PER_STEP rows, so a caller that
 * shares its thread with other work (the server's event loop) can let that work run between
 * steps. Same result as `computeNorms`.
 */
export function* computeNormsSteps(rows: Iterable<NormRow>, options: ComputeNormsOptions = {}): Generator<void, Norms> {
  const minGroupSize = options.minGroupSize ?? MIN_COMPARISON_GROUP_SIZE;
  const population = new GroupAccumulator({});
  const groups = new Map<string, GroupAccumulator>();
  let sinceYield = 0;
  for (const row of rows) {
    if (++sinceYield > NORMS_ROWS_PER_STEP) {
      sinceYield = 1;
      yield;
    }
    population.add(row.scores);
    const stated = statedCriteria(row.lifeData);
    const keys = Object.keys(stated) as CriterionKey[];
    for (let mask = 1; mask < 1 << keys.length; mask++) {
      const criteria: LifeCriteria = {};
      keys.forEach((k, bit) => {
        if (mask & (1 << bit)) criteria[k] = stated[k];
      });
      const key = criteriaKey(criteria);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = new GroupAccumulator(criteria)));
      group.add(row.scores);
    }
  }
  const populationResult = population.result();
  return {
    source: 'live',
    provisional: false,
    provenance:
      options.provenance ??
      `Computed from ${populationResult.n} completed assessments of people who opted into research.`,
    computedAt: options.computedAt ?? null,
    minGroupSize,
    population: populationResult,
    groups: [...groups.values()].filter((g) => g.n >= minGroupSize).map((g) => g.result()),
  };
}

function round4(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}
