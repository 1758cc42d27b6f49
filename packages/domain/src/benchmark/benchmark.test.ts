import { describe, expect, it } from 'vitest';
import { comparisonPhrase, effectSize } from './phrases';
import { computeNorms, MIN_LIVE_POPULATION, type NormRow, type NormScores } from './norms';
import { baselineNorms, selectNorms } from './baseline';
import { ageBand, criteriaLadder, SKIPPED_LIFE_DATA, statedCriteria, LifeDataSchema, type LifeData } from './life-data';
import { findComparisonGroup, individualDifferences, lifeSituationsFrequency } from './individual-differences';
import { scoreAssessment } from '../scoring/score-assessment';
import { answersForAll } from '../testing/answers';
import { WELLSPRING_NAMES } from '../model/instrument';

const person: LifeData = {
  relationshipStatus: 'Married or domestic partnership',
  parentingStatus: 'Two-parent household',
  employmentStatus: 'Employed full time',
  age: 41,
  gender: 'Female',
  income: '$50,000 to $75,000',
  stressfulEvents: 'No',
};

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
function rows(count: number, lifeData: Partial<LifeData> | null, values: readonly number[]): NormRow[] {
  return Array.from({ length: count }, (_, i) => ({ scores: scoresOf(values[i % values.length]!), lifeData }));
}

describe('comparisonPhrase', () => {
  it.each([
    [0, 'level', 'about the same'],
    [0.19, 'level', 'about the same'],
    [-0.19, 'level', 'about the same'],
    [0.2, 'level', 'slightly higher'],
    [-0.49, 'level', 'slightly lower'],
    [0.5, 'frequency', 'somewhat more frequent'],
    [-0.99, 'frequency', 'somewhat less frequent'],
    [1, 'positivity', 'significantly more positive'],
    [-3, 'positivity', 'significantly less positive'],
  ] as const)('d=%f (%s) → %s', (d, wording, phrase) => expect(comparisonPhrase(d, wording)).toBe(phrase));
  it('uses 0 when there is no spread', () => expect(effectSize(3, 2, 0)).toBe(0));
});

describe('life data', () => {
  it('validates SaveLifeData bodies', () => {
    expect(LifeDataSchema.safeParse(person).success).toBe(true);
    expect(LifeDataSchema.safeParse(SKIPPED_LIFE_DATA).success).toBe(true);
    expect(LifeDataSchema.safeParse({ ...person, gender: 'Other' }).success).toBe(false);
    expect(LifeDataSchema.safeParse({ ...person, age: -2 }).success).toBe(false);
  });
  it('leaves unstated fields out of the criteria', () => {
    expect(statedCriteria(SKIPPED_LIFE_DATA)).toEqual({});
    expect(statedCriteria({ ...SKIPPED_LIFE_DATA, gender: 'Male', age: 70 })).toEqual({ gender: 'Male', ageBand: '65 and over' });
    expect(ageBand(24)).toBe('under 25');
    expect(ageBand(-1)).toBeNull();
  });
  it('drops fields in the order income, employment, parenting, relationship, stressful events, gender, age band', () => {
    const ladder = criteriaLadder(person).map((c) => Object.keys(c).length);
    expect(ladder).toEqual([7, 6, 5, 4, 3, 2, 1, 0]);
    expect(criteriaLadder(person)[1]).not.toHaveProperty('income');
    expect(criteriaLadder(person)[6]).toEqual({ ageBand: '35-44' });
    expect(criteriaLadder({ ...SKIPPED_LIFE_DATA, gender: 'Male' })).toEqual([{ gender: 'Male' }, {}]);
  });
});

describe('computeNorms', () => {
  it('computes mean, sample sd and n for the population', () => {
    const norms = computeNorms(rows(4, null, [1, 2, 3, 4]), { computedAt: '2026-01-01T00:00:00Z' });
    expect(norms.population.n).toBe(4);
    expect(norms.population.measures.overall.mean).toBe(2.5);
    expect(norms.population.measures.overall.sd).toBeCloseTo(Math.sqrt(5 / 3), 4);
    expect(norms.provisional).toBe(false);
    expect(norms.computedAt).toBe('2026-01-01T00:00:00Z');
  });

  it('keeps only groups of at least 30', () => {
    const norms = computeNorms([...rows(30, person, [3]), ...rows(29, { ...person, gender: 'Male' }, [1])]);
    const keys = norms.groups.map((g) => g.criteria);
    expect(keys).toContainEqual(statedCriteria(person));
    expect(keys.some((c) => c.gender === 'Male')).toBe(false);
    // Subsets of the 30 Female rows' criteria exist, e.g. same age band only (Male rows share it → n = 59)
    expect(norms.groups.find((g) => Object.keys(g.criteria).join() === 'ageBand')?.n).toBe(59);
  });
});

describe('comparison group and individual differences', () => {
  const population = [...rows(60, person, [3]), ...rows(60, { ...person, income: '>$125,000', employmentStatus: 'Retired' }, [1]), ...rows(40, null, [2])];
  const norms = computeNorms(population);

  it('uses the most specific group with n >= 30', () => {
    const g = findComparisonGroup(norms, person);
    expect(g.isPopulation).toBe(false);
    expect(g.group.n).toBe(60);
    expect(g.criteria).toEqual(statedCriteria(person));
  });

  it('drops fields until the group is big enough', () => {
    // Nobody else earns <$25,000 with this profile: dropping income still leaves 60 matches.
    const g = findComparisonGroup(norms, { ...person, income: '<$25,000' });
    expect(g.criteria).not.toHaveProperty('income');
    expect(g.group.n).toBe(60);
    // Nobody is Nonbinary: fall all the way to dropping gender → age band only (120 people).
    const h = findComparisonGroup(norms, { ...person, gender: 'Nonbinary' });
    expect(h.criteria).toEqual({ ageBand: '35-44' });
    expect(h.group.n).toBe(120);
  });

  it('falls back to the population when nothing is stated', () => {
    const g = findComparisonGroup(norms, SKIPPED_LIFE_DATA);
    expect(g.isPopulation).toBe(true);
    expect(g.group.n).toBe(160);
  });

  it('produces the 15 phrases and metadata', () => {
    const scores = scoreAssessment({ isNinetyItem: false, answers: answersForAll(false, () => 3) });
    const diffs = individualDifferences(scores, person, norms);
    expect(Object.keys(diffs).sort()).toEqual(
      [
        ...['overall', 'experiences', 'feelings', 'mindset', 'resilience'].flatMap((m) => [`${m}RelativeToAverage`, `${m}RelativeToOthers`, `${m}OthersVsAverage`]),
        'comparisonGroupSize', 'populationSize', 'provisional', 'normGroup',
      ].sort(),
    );
    expect(diffs.overallRelativeToOthers).toBe('about the same'); // the group all scored 3
    expect(diffs.overallRelativeToAverage).toMatch(/higher$/);
    expect(diffs.experiencesRelativeToAverage).toMatch(/more frequent$/);
    expect(diffs.feelingsRelativeToAverage).toMatch(/more positive$/);
    expect(diffs.overallOthersVsAverage).toMatch(/higher$/);
    expect(diffs.comparisonGroupSize).toBe(60);
    expect(diffs.populationSize).toBe(160);
    expect(diffs.provisional).toBe(false);
  });

  it('lists wellsprings that differ from similar others by |d| >= 0.5', () => {
    const scores = scoreAssessment({
      isNinetyItem: false,
      answers: answersForAll(false, (q) => (q.wellspring === 'Rest' || q.wellspring === 'Peace' ? 0 : q.wellspring === 'Move' ? 4 : 2)),
    });
    const spread = computeNorms([...rows(30, person, [1, 2, 3]), ...rows(1, null, [2])]);
    const lists = lifeSituationsFrequency(scores, person, spread);
    expect(lists.experiencesMore).toEqual(['Move']);
    expect(lists.experiencesLess).toEqual(['Rest']);
    expect(lists.feelingsMore).toEqual([]);
    expect(lists.feelingsLess).toEqual(['Peace']);
  });
});

describe('baseline norms', () => {
  it('is flagged provisional, says it is synthetic and states its n', () => {
    expect(baselineNorms.provisional).toBe(true);
    expect(baselineNorms.source).toBe('baseline');
    expect(baselineNorms.provenance).toMatch(/synthetic/i);
    expect(baselineNorms.population.n).toBeGreaterThan(0);
    expect(Object.keys(baselineNorms.population.wellsprings)).toEqual([...WELLSPRING_NAMES]);
  });
  it('is used until live norms reach n >= 100', () => {
    const small = computeNorms(rows(MIN_LIVE_POPULATION - 1, null, [2]));
    const big = computeNorms(rows(MIN_LIVE_POPULATION, null, [2]));
    expect(selectNorms(null)).toBe(baselineNorms);
    expect(selectNorms(small)).toBe(baselineNorms);
    expect(selectNorms(big)).toBe(big);
  });
  it('compares against the whole baseline population and marks it provisional', () => {
    const scores = scoreAssessment({ isNinetyItem: false, answers: answersForAll(false, () => 2) });
    const diffs = individualDifferences(scores, person, baselineNorms);
    expect(diffs.provisional).toBe(true);
    expect(diffs.comparisonGroupSize).toBe(baselineNorms.population.n);
    expect(diffs.overallOthersVsAverage).toBe('about the same');
  });
});
