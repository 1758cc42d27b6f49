/**
 * Property tests (fast-check) of the norm groups' disclosure rule (decision 0078). The oracle
 * does not use the rule's reasoning: it finds each published group's rows by matching every
 * row's life situations, and checks the published figures with sets of row numbers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CRITERIA_DROP_ORDER, criteriaKey, PREFER_NOT_TO_SAY, SKIPPED_LIFE_DATA, statedCriteria, type LifeCriteria, type LifeData } from './life-data';
import { computeNorms, MIN_NORM_DIFFERENCE as K, type NormRow } from './norms';

/** A few values per field, so that groups overlap and many differ by a handful of people. */
const profile = fc.record({
  gender: fc.constantFrom('Female', 'Male', 'Nonbinary', PREFER_NOT_TO_SAY),
  stressfulEvents: fc.constantFrom('Yes', 'No', PREFER_NOT_TO_SAY),
  age: fc.constantFrom(20, 30, 70, -1),
  relationshipStatus: fc.constantFrom('Single', 'Married or domestic partnership', PREFER_NOT_TO_SAY, PREFER_NOT_TO_SAY),
});
/** Blocks of people with one profile (so sizes land just above and below one another), plus some strays. */
const population = fc.record({
  blocks: fc.array(fc.record({ profile, count: fc.integer({ min: 1, max: 45 }) }), { minLength: 1, maxLength: 7 }),
  strays: fc.array(profile, { maxLength: 6 }),
  minGroupSize: fc.constantFrom(K, 12, 30),
});

function rowsOf(p: { blocks: { profile: Partial<LifeData>; count: number }[]; strays: Partial<LifeData>[] }): NormRow[] {
  const lives = [...p.blocks.flatMap((b) => Array.from({ length: b.count }, () => b.profile)), ...p.strays];
  return lives.map((life, i) => ({
    scores: { overall: (i * 7) % 5, experiences: 1, feelings: 2, mindset: 3, resilience: 50, wellsprings: {} },
    lifeData: { ...SKIPPED_LIFE_DATA, ...life } as LifeData,
  }));
}

const members = (rows: readonly NormRow[], criteria: LifeCriteria): Set<number> => {
  const set = new Set<number>();
  rows.forEach((row, i) => {
    const stated = statedCriteria(row.lifeData);
    if (CRITERIA_DROP_ORDER.every((key) => criteria[key] === undefined || stated[key] === criteria[key])) set.add(i);
  });
  return set;
};
const minus = (a: Set<number>, b: Set<number>) => [...a].filter((i) => !b.has(i)).length;
const few = (d: number) => d >= 1 && d < K;
const sameRows = (a: Set<number>, b: Set<number>) => a.size === b.size && minus(a, b) === 0;

/** Every criteria set some row states, with its rows. */
function allGroups(rows: readonly NormRow[]): Map<string, { criteria: LifeCriteria; rows: Set<number> }> {
  const groups = new Map<string, { criteria: LifeCriteria; rows: Set<number> }>();
  for (const row of rows) {
    const stated = statedCriteria(row.lifeData);
    const keys = Object.keys(stated) as (keyof LifeCriteria)[];
    for (let mask = 1; mask < 1 << keys.length; mask++) {
      const criteria: LifeCriteria = {};
      keys.forEach((key, bit) => {
        if (mask & (1 << bit)) criteria[key] = stated[key];
      });
      const key = criteriaKey(criteria);
      if (!groups.has(key)) groups.set(key, { criteria, rows: members(rows, criteria) });
    }
  }
  return groups;
}

/** The smallest number of people (≥ 1) a pair or a partition of these figures isolates, or null. */
function disclosure(rows: readonly NormRow[], published: readonly { criteria: LifeCriteria; rows: Set<number> }[]): string | null {
  const everyone = new Set(rows.map((_, i) => i));
  const figures = [{ criteria: {} as LifeCriteria, rows: everyone }, ...published];
  for (const a of figures) {
    for (const b of figures) {
      const d = minus(a.rows, b.rows) + minus(b.rows, a.rows);
      if (a !== b && few(d)) return `${criteriaKey(a.criteria) || 'population'} and ${criteriaKey(b.criteria) || 'population'} differ by ${d}`;
    }
    // a less the published figures that are exactly a's people with one value of a field (by
    // rows, not criteria: a figure with more criteria but the same people is the same figure).
    for (const field of CRITERIA_DROP_ORDER) {
      const byValue = new Map<string, Set<number>>();
      for (const i of a.rows) {
        const value = statedCriteria(rows[i]!.lifeData)[field];
        if (value !== undefined) byValue.set(value, (byValue.get(value) ?? new Set()).add(i));
      }
      const children = [...byValue.values()].filter((part) => part.size < a.rows.size && figures.some((c) => sameRows(c.rows, part)));
      const covered = new Set(children.flatMap((part) => [...part]));
      const rest = minus(a.rows, covered);
      if (children.length > 0 && few(rest)) return `${criteriaKey(a.criteria) || 'population'} less its parts by ${field} leaves ${rest}`;
    }
  }
  return null;
}

describe('norm groups never subtract down to 1 to 4 people (decision 0078)', () => {
  it('no two published figures (the population one of them), and no figure less its children on one field, differ by 1 to 4', () => {
    fc.assert(
      fc.property(population, (p) => {
        const rows = rowsOf(p);
        const norms = computeNorms(rows, { minGroupSize: p.minGroupSize });
        const published = norms.groups.map((g) => ({ criteria: g.criteria, rows: members(rows, g.criteria) }));
        for (const [g, mine] of norms.groups.map((g, i) => [g, published[i]!] as const)) {
          expect(g.n).toBe(mine.rows.size);
          expect(g.n).toBeGreaterThanOrEqual(p.minGroupSize);
        }
        expect(disclosure(rows, published)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('drops nothing when the groups of at least minGroupSize already disclose no one, and does not depend on the rows’ order', () => {
    fc.assert(
      fc.property(population, fc.integer({ min: 0, max: 1000 }), (p, seed) => {
        const rows = rowsOf(p);
        const norms = computeNorms(rows, { minGroupSize: p.minGroupSize });
        const stored = [...allGroups(rows).values()].filter((g) => g.rows.size >= p.minGroupSize);
        const keys = norms.groups.map((g) => criteriaKey(g.criteria)).sort();
        if (disclosure(rows, stored) === null) expect(keys).toEqual(stored.map((g) => criteriaKey(g.criteria)).sort());
        const shuffled = [...rows].sort((a, b) => ((rows.indexOf(a) * 7919 + seed) % 101) - ((rows.indexOf(b) * 7919 + seed) % 101));
        expect(computeNorms(shuffled, { minGroupSize: p.minGroupSize }).groups.map((g) => criteriaKey(g.criteria)).sort()).toEqual(keys);
      }),
      { numRuns: 200 },
    );
  });
});
