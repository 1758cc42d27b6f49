import { describe, expect, it } from 'vitest';
import {
  axisTicks,
  formatPercent,
  formatScore,
  isValidEnergyData,
  isValidReportData,
  responseColour,
  scalePercent,
  subCategoryLabel,
  withOverallEnergy,
} from './reportChartData';
import { groupedBarSlots, stackSegments, valueToY } from './reportChartLayout';

describe('isValidReportData (spec 02 §5)', () => {
  it('accepts a non-empty list of items with a category and values', () => {
    expect(isValidReportData([{ category: 'Mindset', values: [1, 2], subCategories: ['Self', 'Others'] }])).toBe(true);
  });

  it.each([
    ['empty', []],
    ['not a list', { category: 'x', values: [] }],
    ['null', null],
    ['no category', [{ values: [1] }]],
    ['no values', [{ category: 'x' }]],
    ['values not a list', [{ category: 'x', values: 3 }]],
    ['non-numeric value', [{ category: 'x', values: [1, 'a'] }]],
    ['infinite value', [{ category: 'x', values: [Infinity] }]],
  ])('rejects %s', (_, data) => {
    expect(isValidReportData(data)).toBe(false);
  });

  it('requires three values per energy item', () => {
    expect(isValidEnergyData([{ category: 'Activity Range', values: [1, 2, 3] }])).toBe(true);
    expect(isValidEnergyData([{ category: 'Activity Range', values: [1, 2] }])).toBe(false);
  });
});

describe('withOverallEnergy', () => {
  const activity = { category: 'Activity Range', values: [1, 2, 3], subCategories: ['Calm', 'Aware', 'Active'] };
  const excitement = { category: 'Excitement Range', values: [3, 2, 0], subCategories: ['Calm', 'Aware', 'Active'] };

  it('adds the average of the two ranges per position', () => {
    const result = withOverallEnergy([activity, excitement]);
    expect(result).toHaveLength(3);
    expect(result[2]).toEqual({ category: 'Overall Energy', values: [2, 2, 1.5], subCategories: ['Calm', 'Aware', 'Active'] });
  });

  it('leaves the list alone when Overall Energy is present or a range is missing', () => {
    const overall = { category: 'Overall Energy', values: [1, 1, 1] };
    expect(withOverallEnergy([activity, excitement, overall])).toHaveLength(3);
    expect(withOverallEnergy([activity])).toEqual([activity]);
  });
});

describe('formats and scales', () => {
  it('shows a 0..4 value as value × 25 percent, clamped', () => {
    expect(scalePercent(3)).toBe(75);
    expect(scalePercent(4)).toBe(100);
    expect(scalePercent(5)).toBe(100);
    expect(scalePercent(-1)).toBe(0);
  });

  it('rounds percentages and shows scores with two decimals (spec 02 §9)', () => {
    expect(formatPercent(62.5)).toBe('63%');
    expect(formatScore(2)).toBe('2.00');
  });

  it('labels values by sub-category with fallbacks', () => {
    expect(subCategoryLabel({ category: 'x', values: [1, 2], subCategories: ['Self'] }, 0)).toBe('Self');
    expect(subCategoryLabel({ category: 'x', values: [1, 2], subCategories: ['Self'] }, 1)).toBe('Value 2');
    expect(subCategoryLabel({ category: 'x', values: [1] }, 0, ['Calm'])).toBe('Calm');
  });

  it('makes evenly spaced ticks', () => {
    expect(axisTicks(4, 1)).toEqual([0, 1, 2, 3, 4]);
    expect(axisTicks(100, 25)).toEqual([0, 25, 50, 75, 100]);
  });

  it('colours responses orange → pale → blue (spec 02 §9)', () => {
    const [low, mid, high] = [responseColour(0), responseColour(2), responseColour(4)];
    expect(new Set([low, mid, high]).size).toBe(3);
    expect(responseColour(-3)).toBe(low);
    expect(responseColour(7)).toBe(high);
  });
});

describe('bar layout', () => {
  it('keeps grouped bars inside the plot, in order, without overlap', () => {
    const slots = groupedBarSlots(40, 400, [3, 1, 2], 64);
    const flat = slots.flat();
    expect(flat).toHaveLength(6);
    for (const bar of flat) {
      expect(bar.x).toBeGreaterThanOrEqual(40);
      expect(bar.x + bar.width).toBeLessThanOrEqual(440);
      expect(bar.width).toBeLessThanOrEqual(64);
    }
    for (let i = 1; i < flat.length; i += 1) expect(flat[i]!.x).toBeGreaterThanOrEqual(flat[i - 1]!.x + flat[i - 1]!.width);
  });

  it('maps values to y and stacks segments upwards', () => {
    expect(valueToY(2, 4, 300, 200)).toBe(200);
    expect(valueToY(9, 4, 300, 200)).toBe(100);
    expect(stackSegments([10, 20, 0], 100)).toEqual([
      { y: 90, height: 10 },
      { y: 70, height: 20 },
      { y: 70, height: 0 },
    ]);
  });
});
