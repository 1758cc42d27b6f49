import { describe, expect, it } from 'vitest';
import type { ModuleCoverage, PetalResultsResponse, ResultsCoverage } from '@bloom/contracts';
import type { ModuleSummary } from '../api/types';
import { moduleShortOfRule, pathToAnswer, petalNeeds, requiredAnswers } from './coverage';

const MODULES: ModuleSummary[] = [
  { moduleName: 'Experiences', displayName: 'Positive Experiences', petalNames: ['Body', 'Mind', 'Connection', 'Purpose'] },
  { moduleName: 'Feelings', displayName: 'Positive Feelings', petalNames: ['Openness', 'Wellness', 'Significance', 'Efficacy'] },
];

describe('pathToAnswer', () => {
  it('leads a Rapid assessment to the module page, and a Professional one to its first petal', () => {
    expect(pathToAnswer({ moduleName: 'Feelings' }, false, MODULES)).toBe('/Rapid/Feelings');
    expect(pathToAnswer({ moduleName: 'Feelings' }, true, MODULES)).toBe('/Pro/Feelings/Openness/Questions');
    expect(pathToAnswer({ moduleName: 'Experiences' }, true, MODULES)).toBe('/Pro/Experiences/Body/Questions');
  });
});

describe('requiredAnswers', () => {
  it('is two thirds of the items, rounded up', () => {
    expect([3, 6, 9, 12, 18, 36].map(requiredAnswers)).toEqual([2, 4, 6, 8, 12, 24]);
  });
});

describe('petalNeeds', () => {
  const petal = (score: number | null, responses: Array<number | null>) =>
    ({
      petal: { score },
      wellsprings: [0, 3, 6].map((start) => ({ questions: responses.slice(start, start + 3).map((response) => ({ response })) })),
    }) as unknown as PetalResultsResponse;

  it('counts a petal without a score from its questions', () => {
    expect(petalNeeds(petal(null, [4, null, null, 0, null, null, null, null, null]))).toEqual({ answered: 2, total: 9, required: 6 });
  });

  it('is null for a petal with results', () => {
    expect(petalNeeds(petal(2.5, [4, 3, 2, 1, 0, 4, null, null, null]))).toBeNull();
  });
});

describe('moduleShortOfRule', () => {
  const module = (moduleName: ModuleCoverage['moduleName'], answered: number, covered: boolean) => ({ moduleName, displayName: moduleName, answered, total: 36, required: 24, covered });
  const coverage: ResultsCoverage = {
    isNinetyItem: true,
    hasResults: false,
    modules: [module('Experiences', 30, true), module('Feelings', 1, false), module('Energy', 0, false)],
    needsAnswers: [module('Feelings', 1, false)],
  };

  it("names only the page's module, Energy included, when it falls short", () => {
    expect(moduleShortOfRule(coverage, 'energy').needsAnswers).toEqual([module('Energy', 0, false)]);
    expect(moduleShortOfRule(coverage, 'Feelings').needsAnswers).toEqual([module('Feelings', 1, false)]);
  });

  it('names none for a module that meets the rule', () => {
    expect(moduleShortOfRule(coverage, 'Experiences').needsAnswers).toEqual([]);
  });
});
