import { INSIGHT_REASON_TEXT, type Insight } from '@bloom/contracts';
import { describe, expect, it } from 'vitest';
import { INSIGHT_REASON_WORDS } from '../content';
import { describeQuarter, formatChange, formatMean, insightRows, withheldComparison, type ShownInsight } from './insight';

const petals = (value: number) => ({ Body: value, Mind: value, Connection: value, Purpose: value, Openness: value, Wellness: value, Significance: value, Efficacy: value });
const scores = (value: number) => ({ overall: value, experiences: value, feelings: value, mindset: value, resilience: 40 + value, energy: value, petals: petals(value) });

const shown = (previousQuarter: ShownInsight['previousQuarter']): ShownInsight => ({ shown: true, n: 6, chartData: [], scores: scores(2.345), previousQuarter });

describe('group figures on the coach dashboard', () => {
  it('formats means with 2 decimals and resilience as a whole percent', () => {
    expect(formatMean('overall', 2.345)).toBe('2.35');
    expect(formatMean('resilience', 42.6)).toBe('43%');
    expect(formatMean('Body', null)).toBe('–');
  });

  it('rounds half away from zero, as bloom-groups.csv does, so a figure reads the same on the page and in the file (review of 2026-11-27)', () => {
    // Nine members at 1.00 and one at 1.75: the mean is 1.075, which the CSV writes 1.08.
    const mean = (9 * 1 + 1.75) / 10;
    expect(formatMean('overall', mean)).toBe((Math.round(mean * 100) / 100).toFixed(2));
    expect(formatMean('overall', mean)).toBe('1.08');
    expect(formatMean('resilience', 7.5)).toBe('8%');
    expect(formatChange('overall', -mean)).toBe('\u22121.08');
    expect(formatChange('resilience', -3.5)).toBe('\u22124%');
  });

  it('signs a change with plus or a true minus, and a change rounding to nothing as zero', () => {
    expect(formatChange('overall', 0.256)).toBe('+0.26');
    expect(formatChange('overall', -0.5)).toBe('\u22120.50');
    expect(formatChange('overall', -0.001)).toBe('0.00');
    expect(formatChange('resilience', -3.4)).toBe('\u22123%');
    expect(formatChange('Mind', null)).toBe('–');
  });

  it('lists the six summary scores, then the eight petals, with the change only when the previous quarter is shown', () => {
    const withChange = insightRows(
      shown({ quarter: '2026-Q3', asOf: '2026-10-01T00:00:00.000Z', shown: true, n: 5, chartData: [], scores: scores(2), change: scores(0.345), kind: 'change' }),
    );
    expect(withChange.map((row) => row.label)).toEqual([
      'Overall well-being',
      'Positive experiences',
      'Positive feelings',
      'Mindset balance',
      'Resilience',
      'Overall energy',
      'Body',
      'Mind',
      'Connection',
      'Purpose',
      'Openness',
      'Wellness',
      'Significance',
      'Efficacy',
    ]);
    expect(withChange[0]).toEqual({ key: 'overall', label: 'Overall well-being', value: '2.35', change: '+0.35' });
    expect(withChange[4]).toMatchObject({ value: '42%', change: '+40%' });
    const without = shown({ quarter: '2026-Q3', asOf: '2026-10-01T00:00:00.000Z', shown: false, reason: 'change', n: null });
    expect(insightRows(without).every((row) => row.change === null)).toBe(true);
    expect(withheldComparison(without)).toEqual({ quarter: 'July to September 2026', reason: 'change' });
  });

  it('names quarters by their months', () => {
    expect(describeQuarter('2026-Q1')).toBe('January to March 2026');
    expect(describeQuarter('2025-Q4')).toBe('October to December 2025');
    expect(describeQuarter('odd')).toBe('odd');
  });

  it('words each reason as the CSV does', () => {
    expect(INSIGHT_REASON_WORDS).toEqual(INSIGHT_REASON_TEXT);
    const hidden: Insight = { shown: false, n: null, reason: 'complementary' };
    expect(INSIGHT_REASON_WORDS[hidden.reason]).toMatch(/fewer than 5/);
  });
});
