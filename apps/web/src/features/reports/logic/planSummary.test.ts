import { describe, expect, it } from 'vitest';
import type { PositivityPlan } from '../api/types';
import { PLAN_SECTIONS } from '../content/plan';
import { planSummaryCards, responseWord } from './planSummary';

const module = (moduleName: 'Experiences' | 'Feelings', n: number) => ({
  moduleName,
  wellsprings: [],
  opportunities: [],
  opportunitiesSimple: Array.from({ length: n }, (_, i) => `${moduleName} opportunity ${i + 1}`),
  affirmations: [],
  affirmationsSimple: Array.from({ length: n }, (_, i) => `${moduleName} affirmation ${i + 1}`),
  practices: [],
  practicesSimple: Array.from({ length: n }, (_, i) => `${moduleName} practice ${i + 1}`),
  intentions: [],
  intentionsSimple: Array.from({ length: n }, (_, i) => `${moduleName} intention ${i + 1}`),
});

const plan = (overrides: Partial<PositivityPlan> = {}) =>
  ({
    summaryTextSimple: 'Simple summary.',
    roleText: 'Balanced.',
    opportunitiesAndAffirmations: [module('Experiences', 3), module('Feelings', 0)],
    mindfulPractices: [{ text: 'Long', simpleText: 'Breathe slowly.' }],
    energyChartData: [{ category: 'Overall Energy', values: [3.6, 2.2, 0.4], subCategories: [] }],
    mindsetResults: { resultsText: '', chartData: [{ category: 'Mindset', values: [1.5, 3, 2] }] },
    resilienceResults: { resultsText: '', chartData: [{ category: 'Resilience', values: [50, 40, 45.4] }] },
    individualDifferences: { overallRelativeToAverage: 'somewhat lower' },
    actionPlan: [1, 2, 3, 4].map((i) => ({ text: `Step ${i}`, simpleText: `Simple step ${i}` })),
    ...overrides,
  }) as unknown as PositivityPlan;

describe('planSummaryCards', () => {
  it('has one card per plan section, in the anchor order', () => {
    expect(planSummaryCards(plan()).map((c) => c.id)).toEqual(PLAN_SECTIONS.map((s) => s.id));
  });

  it('uses simple texts and keeps lists short', () => {
    const cards = Object.fromEntries(planSummaryCards(plan()).map((c) => [c.id, c]));
    expect(cards['life-lotus']!.text).toBe('Simple summary.');
    expect(cards.experiences!.items).toEqual(['Experiences opportunity 1', 'Experiences opportunity 2', 'Experiences opportunity 3']);
    expect(cards['action-plan']!.items).toHaveLength(3);
    expect(cards.energy!.text).toContain('Calm: very often. Aware: often. Active: rarely.');
    expect(cards.mindset!.text).toContain('Care for you: often. Care for others: usually.');
    expect(cards.resilience!.text).toContain('45%');
    expect(cards['individual-differences']!.text).toBe('Your overall well-being is somewhat lower than the average.');
  });

  it('leaves an empty list empty (the page shows "None") and falls back to mindful practices for ideas', () => {
    const cards = Object.fromEntries(planSummaryCards(plan()).map((c) => [c.id, c]));
    expect(cards.feelings!.items).toEqual([]);
    expect(cards.ideas!.items).toEqual(['Breathe slowly.']);
  });

  it('says there are not enough answers when Energy has no scores (below the coverage rule: no chart, decision 0064)', () => {
    const energy = planSummaryCards(plan({ energyChartData: [] })).find((c) => c.id === 'energy')!;
    expect(energy.text).toBe('There are not enough answers in this area yet to describe it.');
    expect(energy.text).not.toContain('–');
  });

  it('words an average comparison plainly', () => {
    const same = planSummaryCards(plan({ individualDifferences: { overallRelativeToAverage: 'about the same' } as PositivityPlan['individualDifferences'] }));
    expect(same.find((c) => c.id === 'individual-differences')!.text).toBe('Your overall well-being is close to the average.');
    // DESIGN §4: while the simulated baseline is in use, the comparison says so, on the card as in the detail.
    const provisional = (overallRelativeToAverage: string) =>
      planSummaryCards(plan({ individualDifferences: { overallRelativeToAverage, provisional: true } as PositivityPlan['individualDifferences'] })).find((c) => c.id === 'individual-differences')!.text;
    expect(provisional('somewhat lower')).toBe('Your overall well-being is somewhat lower than the average of a provisional reference group of simulated profiles.');
    expect(provisional('about the same')).toBe('Your overall well-being is close to the average of a provisional reference group of simulated profiles.');
  });
});

describe('responseWord', () => {
  it('names the nearest response label', () => {
    expect(responseWord(0)).toBe('rarely');
    expect(responseWord(1.4)).toBe('sometimes');
    expect(responseWord(4)).toBe('very often');
    expect(responseWord(undefined)).toBe('–');
  });
});
