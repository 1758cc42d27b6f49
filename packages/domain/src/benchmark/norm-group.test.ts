import { describe, expect, it } from 'vitest';
import { WELLSPRING_NAMES } from '../model/instrument';
import { scoreAssessment } from '../scoring/score-assessment';
import { answersForAll } from '../testing/answers';
import { baselineNorms } from './baseline';
import { findComparisonGroup, individualDifferences } from './individual-differences';
import { SKIPPED_LIFE_DATA, type LifeData } from './life-data';
import { benchmarkSentence, summarizeNormGroup, type NormGroupSummary } from './norm-group';
import { computeNorms, type NormRow } from './norms';

const person: LifeData = {
  relationshipStatus: 'Married or domestic partnership',
  parentingStatus: 'Two-parent household',
  employmentStatus: 'Employed full time',
  age: 41,
  gender: 'Female',
  income: '$50,000 to $75,000',
  stressfulEvents: 'No',
};

function rows(count: number, lifeData: Partial<LifeData> | null, value: number): NormRow[] {
  const scores = {
    overall: value,
    experiences: value,
    feelings: value,
    mindset: 4,
    resilience: 50,
    wellsprings: Object.fromEntries(WELLSPRING_NAMES.map((name) => [name, value])),
  };
  return Array.from({ length: count }, () => ({ scores, lifeData }));
}

const summary = (overrides: Partial<NormGroupSummary>): NormGroupSummary => ({
  source: 'live',
  provisional: false,
  populationSize: 4810,
  comparisonGroupSize: 4810,
  lifeSituationMatch: 'not_shared',
  ...overrides,
});

describe('benchmarkSentence', () => {
  it('names the baseline as simulated and provisional, with its real size, never as people', () => {
    const sentence = benchmarkSentence(summary({ source: 'baseline', provisional: true, populationSize: 1000, comparisonGroupSize: 1000, lifeSituationMatch: 'no_groups' }));
    expect(sentence).toBe(
      'Your results were compared with a provisional reference group of 1,000 simulated answer profiles, not real people. ' +
        'This reference group has no life situations to match, so every comparison is with the whole group.',
    );
    expect(sentence).not.toMatch(/nearly|1,000 people/);
  });

  it('names live norms as people who shared their results, with thousands separators', () => {
    expect(benchmarkSentence(summary({ populationSize: 1234567, comparisonGroupSize: 212, lifeSituationMatch: 'matched' }))).toBe(
      'Your results were compared with 1,234,567 people who took Bloom and shared their results for research. ' +
        'The comparison with people in similar life situations uses the 212 people among them whose life situations are most like yours.',
    );
  });

  it('uses the singular for a group of one, and the plural otherwise (zero included)', () => {
    expect(benchmarkSentence(summary({ source: 'baseline', provisional: true, populationSize: 1 }))).toContain('group of 1 simulated answer profile, not');
    expect(benchmarkSentence(summary({ populationSize: 1 }))).toContain('compared with 1 person who took Bloom');
    expect(benchmarkSentence(summary({ populationSize: 0 }))).toContain('compared with 0 people who');
    expect(benchmarkSentence(summary({ populationSize: 100, comparisonGroupSize: 1, lifeSituationMatch: 'matched' }))).toContain('uses the 1 person among them');
  });

  it('labels live norms that are still provisional as provisional', () => {
    expect(benchmarkSentence(summary({ provisional: true, populationSize: 150 }))).toMatch(/^Your results were compared with a provisional group of 150 people who took Bloom/);
  });

  it('never mentions similar life situations when none was used', () => {
    for (const lifeSituationMatch of ['not_shared', 'too_few_similar', 'no_groups'] as const) {
      const sentence = benchmarkSentence(summary({ lifeSituationMatch }));
      expect(sentence).not.toMatch(/similar life situations/i);
      expect(sentence).toContain('every comparison is with the whole group');
    }
    expect(benchmarkSentence(summary({ lifeSituationMatch: 'not_shared' }))).toContain('You chose not to share your life situation');
    expect(benchmarkSentence(summary({ lifeSituationMatch: 'too_few_similar' }))).toContain('No group of people whose life situations are like yours can be shown yet: it would be too small, or could single someone out.');
  });
});

describe('summarizeNormGroup', () => {
  const live = computeNorms([...rows(120, person, 3), ...rows(80, { ...person, gender: 'Male' }, 1)]);

  it('says matched, with the group size, when a group of similar people was used', () => {
    expect(summarizeNormGroup(live, findComparisonGroup(live, person), person)).toEqual({
      source: 'live',
      provisional: false,
      populationSize: 200,
      comparisonGroupSize: 120,
      lifeSituationMatch: 'matched',
    });
  });

  it('says not_shared after Skip All or with no life data at all', () => {
    for (const lifeData of [SKIPPED_LIFE_DATA, null]) {
      const used = summarizeNormGroup(live, findComparisonGroup(live, lifeData), lifeData);
      expect(used.lifeSituationMatch).toBe('not_shared');
      expect(used.comparisonGroupSize).toBe(200);
    }
  });

  it('says too_few_similar when the person shared a life situation nobody else matches in number', () => {
    const rare: LifeData = { ...SKIPPED_LIFE_DATA, gender: 'Nonbinary' };
    expect(summarizeNormGroup(live, findComparisonGroup(live, rare), rare).lifeSituationMatch).toBe('too_few_similar');
  });

  it('says no_groups under the baseline, which holds no life-situation groups, and reports its own size', () => {
    const used = summarizeNormGroup(baselineNorms, findComparisonGroup(baselineNorms, person), person);
    expect(used).toEqual({
      source: 'baseline',
      provisional: true,
      populationSize: baselineNorms.population.n,
      comparisonGroupSize: baselineNorms.population.n,
      lifeSituationMatch: 'no_groups',
    });
  });

  it('is carried in individualDifferences with its sentence', () => {
    const scores = scoreAssessment({ isNinetyItem: false, answers: answersForAll(false, () => 2) });
    const differences = individualDifferences(scores, SKIPPED_LIFE_DATA, baselineNorms);
    expect(differences.normGroup.lifeSituationMatch).toBe('not_shared');
    expect(differences.normGroup.sentence).toBe(benchmarkSentence(differences.normGroup));
    expect(differences.normGroup.populationSize).toBe(differences.populationSize);
  });
});
