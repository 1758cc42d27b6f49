/**
 * Norm groups must not subtract down to 1 to 4 research participants (decision 0078). The first
 * case is a review's: two stored groups 31 and 30, one inside the other, whose difference was a
 * single person's overall score, found through GetIndividualDifferences alone.
 */
import { describe, expect, it } from 'vitest';
import { WELLSPRING_NAMES } from '../model/instrument';
import { findComparisonGroup } from './individual-differences';
import { criteriaKey, SKIPPED_LIFE_DATA, type LifeData } from './life-data';
import { computeNorms, type NormRow, type NormScores, type Norms } from './norms';

function scoresOf(value: number): NormScores {
  return {
    overall: value,
    experiences: value,
    feelings: value,
    mindset: 4,
    resilience: value >= 2 ? 100 : 0,
    wellsprings: Object.fromEntries(WELLSPRING_NAMES.map((n) => [n, value])),
  };
}
const row = (life: Partial<LifeData>, value = 2): NormRow => ({ scores: scoresOf(value), lifeData: { ...SKIPPED_LIFE_DATA, ...life } });
const many = (count: number, life: Partial<LifeData>, value = (i: number) => 1 + (i % 3)) => Array.from({ length: count }, (_, i) => row(life, value(i)));
const keys = (norms: Norms) => norms.groups.map((g) => criteriaKey(g.criteria)).sort();

describe('norm groups that differ by 1 to 4 people (decision 0078)', () => {
  it("the review's case: {Nonbinary, 65+} minus {Nonbinary, 65+, no stressful events} was one person", () => {
    const rows = [
      ...Array.from({ length: 300 }, (_, i) => row({ gender: i % 2 ? 'Male' : 'Female', age: 20 + (i % 40) }, 1 + (i % 3))),
      ...many(30, { gender: 'Nonbinary', age: 70, stressfulEvents: 'No' }),
      row({ gender: 'Nonbinary', age: 70, stressfulEvents: 'Yes' }, 0.528),
    ];
    const norms = computeNorms(rows);
    const nonbinary = { ...SKIPPED_LIFE_DATA, gender: 'Nonbinary' as const, age: 70 };
    const g = findComparisonGroup(norms, nonbinary);
    const gPrime = findComparisonGroup(norms, { ...nonbinary, stressfulEvents: 'No' });
    expect(g.group.n).toBe(31);
    // Before: gPrime was the 30 with stressfulEvents No, and 31·μ − 30·μ′ was the victim's 0.528.
    expect(gPrime.group.n).toBe(31);
    expect(gPrime.criteria).toEqual({ gender: 'Nonbinary', ageBand: '65 and over' });
    expect(norms.groups.some((group) => group.criteria.stressfulEvents === 'No')).toBe(false);
    // The 31 stay: they differ from the population by 300.
    expect(keys(norms)).toContain('gender=Nonbinary|ageBand=65 and over');
  });

  it('a group of 98 in a population of 100 is not stored (the population minus it is 2 people)', () => {
    const norms = computeNorms([...many(98, { gender: 'Female' }), ...many(2, {})]);
    expect(norms.population.n).toBe(100);
    expect(norms.groups).toEqual([]);
    expect(findComparisonGroup(norms, { ...SKIPPED_LIFE_DATA, gender: 'Female' }).isPopulation).toBe(true);
  });

  it('a group that is the whole population is kept (the difference is nobody)', () => {
    const norms = computeNorms(many(100, { gender: 'Female' }));
    expect(keys(norms)).toEqual(['gender=Female']);
  });

  it('two groups that are not nested but share all but 2 people: one of them goes', () => {
    // Female 41 and 65+ 41 share 40: Female − 65+ is one woman under 25 minus one man of 65+.
    // Equal sizes are decided in key order, so 65+ stays and Female (and Female 65+, 40) go.
    const norms = computeNorms([
      ...many(40, { gender: 'Female', age: 70 }),
      row({ gender: 'Female', age: 20 }),
      row({ gender: 'Male', age: 70 }),
      ...many(60, { gender: 'Male', age: 30 }),
    ]);
    // Male 61 and 25-34 (60, the same rows as Male 25-34) differ by the man of 65+, so the 60 go.
    expect(keys(norms)).toEqual(['ageBand=65 and over', 'gender=Male']);
  });

  it('a group and its children on one field: Yes 40 + No 57 of 100 leaves 3 people, so the smaller child goes', () => {
    const norms = computeNorms([...many(40, { stressfulEvents: 'Yes' }), ...many(57, { stressfulEvents: 'No' }), ...many(3, {})]);
    expect(keys(norms)).toEqual(['stressfulEvents=No']);
  });

  it('groups that differ by 9 rows or more (5 people even when each is two rows), or not at all, are all kept', () => {
    const norms = computeNorms([...many(40, { gender: 'Female', age: 30 }), ...many(35, { gender: 'Female', age: 50 }), ...many(45, { gender: 'Male', age: 50 })]);
    expect(keys(norms)).toEqual([
      'gender=Female',
      'gender=Female|ageBand=25-34',
      'gender=Female|ageBand=45-54',
      'gender=Male',
      'gender=Male|ageBand=45-54',
      'ageBand=25-34',
      'ageBand=45-54',
    ].sort());
  });
});
