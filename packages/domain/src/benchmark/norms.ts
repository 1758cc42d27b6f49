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
/**
 * No two stored figures may differ by fewer rows than this. Decision 0029's k = 5 people, applied
 * to the norm groups by decision 0078, counted in rows: one person can be two rows (their latest
 * Rapid and latest Professional assessment, decision 0058), so 1 to 8 rows can be 1 to 4 people
 * and only 9 or more are sure to be at least 5.
 */
export const MIN_NORM_DIFFERENCE = 9;

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
  /** Groups with n >= minGroupSize only, none subtractable down to 1 to 4 people (decision 0078). */
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
  constructor(
    readonly criteria: LifeCriteria,
    readonly key: string,
  ) {}
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
 * single people out), and so are groups that another stored figure could be subtracted
 * from, or with, down to 1 to 4 people (`withoutSmallDifferences`, decision 0078).
 */
export function computeNorms(rows: Iterable<NormRow>, options: ComputeNormsOptions = {}): Norms {
  const minGroupSize = options.minGroupSize ?? MIN_COMPARISON_GROUP_SIZE;
  const population = new GroupAccumulator({}, '');
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
        groups.set(key, (group = new GroupAccumulator(criteria, key)));
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
    groups: withoutSmallDifferences(
      population,
      [...groups.values()].filter((g) => g.n >= minGroupSize),
      groups,
    ).map((g) => g.result(wellspringNames)),
  };
}

/** Group sizes only: what the disclosure rule needs of a group. */
interface SizedGroup {
  readonly criteria: LifeCriteria;
  readonly key: string;
  readonly n: number;
}

/**
 * The stored groups that may be published beside the population and one another (decision
 * 0078, decision 0029's rule applied to the norms). A published group is a mean with its n,
 * so a sum; two sums subtract. `all` holds every group the rows formed, small ones too, so the
 * size of any intersection can be looked up (the group of both criteria sets).
 *
 * Groups with the same rows publish the same figure, so they are decided together: a class
 * is kept or dropped as a whole (dropping one and keeping its twin would hide nothing).
 *
 * 1. Pairs. For two published figures A and B (the population is one), A − B is a figure for
 *    the people in exactly one of them, |A △ B| = n_A + n_B − 2·n(A ∩ B). A class is dropped
 *    when that is 1 to 4 against any class kept before it. Classes are decided largest first,
 *    and a difference of at most 4 needs |n_A − n_B| ≤ 4, so every partner a class can have was
 *    decided before it: dropping a class never changes a larger one's decision, and one pass
 *    is final.
 * 2. Partitions. A published group G and its published children on one criterion c
 *    (G and c = Yes, G and c = No) subtract to the people of G in no published child: those who
 *    did not state c, or whose child is below minGroupSize or dropped. When they number 1 to 4
 *    the smallest published child (ties: the lower key) is dropped too, with its class, as
 *    decision 0029 hides the smallest group and keeps the organization; that adds at least
 *    minGroupSize people to the remainder. Dropping only removes figures: no pair comes closer,
 *    and every other remainder the dropped groups were counted in grows by at least
 *    minGroupSize, so no check made earlier fails afterwards and again one pass is final.
 *    (This needs minGroupSize ≥ k; below it a stored group is itself a figure for 1 to 4
 *    people, and the guarantee is void anyway.)
 *
 * Not caught (decision 0078 says so): other combinations of three or more figures, for example
 * a dropped group rebuilt as the sum of its published children on one criterion, and the
 * change of a figure between two snapshots.
 */
function withoutSmallDifferences<G extends SizedGroup>(
  population: SizedGroup,
  stored: readonly G[],
  all: ReadonlyMap<string, SizedGroup>,
  k: number = MIN_NORM_DIFFERENCE,
): G[] {
  const few = (d: number) => d >= 1 && d < k;
  const sizeOf = (key: string) => (key === '' ? population.n : (all.get(key)?.n ?? 0));
  /** Each group's `field=value` parts in CRITERIA_DROP_ORDER (undefined where it asks nothing). */
  const parts = new Map<SizedGroup, (string | undefined)[]>();
  const partsOf = (group: SizedGroup) => {
    let p = parts.get(group);
    if (!p) parts.set(group, (p = CRITERIA_DROP_ORDER.map((key) => (group.criteria[key] === undefined ? undefined : `${key}=${group.criteria[key]}`))));
    return p;
  };
  /** n(A ∩ B): the group of both criteria sets; 0 when they ask different values of one field. */
  const overlap = (a: SizedGroup, b: SizedGroup): number => {
    const pa = partsOf(a);
    const pb = partsOf(b);
    let key = '';
    for (let i = 0; i < pa.length; i++) {
      const part = pa[i] ?? pb[i];
      if (part === undefined) continue;
      if (pa[i] !== undefined && pb[i] !== undefined && pa[i] !== pb[i]) return 0;
      key = key === '' ? part : `${key}|${part}`;
    }
    return sizeOf(key);
  };
  const byKey = (a: SizedGroup, b: SizedGroup) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const bySize = (a: SizedGroup, b: SizedGroup) => b.n - a.n || byKey(a, b);

  // Classes of groups with the same rows: the same n, and their intersection as large.
  const order = [...stored].sort(bySize);
  const classes: G[][] = [];
  const classOf = new Map<G, G[]>();
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end < order.length && order[end]!.n === order[start]!.n) end++;
    const bucket: G[][] = [];
    for (const group of order.slice(start, end)) {
      let members = bucket.find((c) => overlap(c[0]!, group) === group.n);
      if (!members) bucket.push((members = []));
      members.push(group);
      classOf.set(group, members);
    }
    classes.push(...bucket);
    start = end;
  }

  // 1. Pairs, largest first (ties by key, so the result does not depend on the rows' order).
  const kept: SizedGroup[] = [population];
  const published = new Set<G>();
  for (const members of classes) {
    const group = members[0]!;
    let safe = true;
    // `kept` is in decreasing n; only its tail can be within k − 1 of this group.
    for (let i = kept.length - 1; i >= 0 && kept[i]!.n - group.n < k; i--) {
      if (few(group.n + kept[i]!.n - 2 * overlap(group, kept[i]!))) {
        safe = false;
        break;
      }
    }
    if (!safe) continue;
    kept.push(group);
    for (const member of members) published.add(member);
  }

  // 2. Partitions: per (parent key, criterion) the published children and their total n.
  const partitions = new Map<string, { parent: string; children: G[]; total: number }>();
  const partitionsOf = (group: G): string[] =>
    CRITERIA_DROP_ORDER.filter((key) => group.criteria[key] !== undefined).map((key) => {
      const parent: LifeCriteria = { ...group.criteria };
      delete parent[key];
      return `${criteriaKey(parent)}#${key}`;
    });
  for (const group of published) {
    for (const id of partitionsOf(group)) {
      let partition = partitions.get(id);
      if (!partition) partitions.set(id, (partition = { parent: id.slice(0, id.lastIndexOf('#')), children: [], total: 0 }));
      partition.children.push(group);
      partition.total += group.n;
    }
  }
  const publishedKeys = new Set([...published].map((g) => g.key));
  const partitionIds = [...partitions.keys()].sort(
    (a, b) => sizeOf(partitions.get(b)!.parent) - sizeOf(partitions.get(a)!.parent) || (a < b ? -1 : a > b ? 1 : 0),
  );
  for (const id of partitionIds) {
    const partition = partitions.get(id)!;
    if (partition.parent !== '' && !publishedKeys.has(partition.parent)) continue;
    if (!few(sizeOf(partition.parent) - partition.total)) continue;
    const smallest = partition.children.filter((g) => published.has(g)).sort((a, b) => a.n - b.n || byKey(a, b))[0];
    if (!smallest) continue;
    for (const member of classOf.get(smallest)!) {
      published.delete(member);
      publishedKeys.delete(member.key);
      for (const other of partitionsOf(member)) partitions.get(other)!.total -= member.n;
    }
  }
  return stored.filter((g) => published.has(g));
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
