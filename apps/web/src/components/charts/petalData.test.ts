import { describe, expect, it } from 'vitest';
import {
  chartValue,
  formatValue,
  humaniseName,
  isPetalItem,
  isPetalList,
  normalisePetal,
  responseLabelOf,
  safeIconName,
} from './petalData';
import type { PetalChartItem } from './types';

const band = (value: number, icon = 'rest.svg') => ({ value, icon });
const petal = (id: string, values: number[] = [0, 1, 2, 3, 4, 2, 1, 3, 2]): PetalChartItem => ({
  id,
  wellsprings: [0, 1, 2].map((w) => ({
    inner: band(values[w * 3] ?? 2),
    middle: band(values[w * 3 + 1] ?? 2),
    outer: band(values[w * 3 + 2] ?? 2),
  })),
});
const EIGHT = ['Body', 'Mind', 'Connection', 'Purpose', 'Openness', 'Wellness', 'Significance', 'Efficacy'];

describe('isPetalList (spec 01 §5)', () => {
  it('accepts exactly the expected number of well-formed items', () => {
    expect(isPetalList(EIGHT.map((id) => petal(id)), 8)).toBe(true);
    expect(isPetalList(EIGHT.slice(0, 4).map((id) => petal(id)), 4)).toBe(true);
  });

  it('rejects any other length, non-lists and malformed items', () => {
    expect(isPetalList(EIGHT.slice(0, 7).map((id) => petal(id)), 8)).toBe(false);
    expect(isPetalList(EIGHT.map((id) => petal(id)), 4)).toBe(false);
    expect(isPetalList([], 4)).toBe(false);
    expect(isPetalList(null, 8)).toBe(false);
    expect(isPetalList({ length: 8 }, 8)).toBe(false);
    const missingBand = { id: 'Body', wellsprings: [{ inner: band(1), middle: band(1) }, ...petal('Body').wellsprings.slice(1)] };
    expect(isPetalItem(missingBand)).toBe(false);
    expect(isPetalItem({ id: 'Body', wellsprings: petal('Body').wellsprings.slice(0, 2) })).toBe(false);
    expect(isPetalItem({ id: '', wellsprings: petal('Body').wellsprings })).toBe(false);
  });
});

describe('values and labels', () => {
  it('uses the default 2 for missing values and clamps to 0..4', () => {
    expect(chartValue(undefined)).toBe(2);
    expect(chartValue(Number.NaN)).toBe(2);
    expect(chartValue('3')).toBe(2);
    expect(chartValue(-1)).toBe(0);
    expect(chartValue(9)).toBe(4);
    expect(chartValue(2.6)).toBe(2.6);
  });

  it('labels values with the shade thresholds 0.5 / 1.5 / 2.5 / 3.5', () => {
    expect([0, 0.49, 0.5, 1.49, 1.5, 2.49, 2.5, 3.49, 3.5, 4].map(responseLabelOf)).toEqual([
      'Rarely',
      'Rarely',
      'Sometimes',
      'Sometimes',
      'Often',
      'Often',
      'Usually',
      'Usually',
      'Very Often',
      'Very Often',
    ]);
  });

  it('formats whole values plainly and averages with one decimal', () => {
    expect(formatValue(2)).toBe('2');
    expect(formatValue(2.333)).toBe('2.3');
  });
});

describe('safeIconName', () => {
  it('accepts plain asset names only', () => {
    expect(safeIconName('be-kind.svg')).toBe('be-kind.svg');
    expect(safeIconName('../secret.svg')).toBeNull();
    expect(safeIconName('https://evil.example/x.svg')).toBeNull();
    expect(safeIconName('x.js')).toBeNull();
    expect(safeIconName(undefined)).toBeNull();
  });
});

describe('normalisePetal', () => {
  it('fills shades, labels and response labels for every band', () => {
    const result = normalisePetal(petal('Body'));
    expect(result.name).toBe('Body');
    expect(result.shades).toHaveLength(5);
    expect(result.wellsprings.map((w) => w.label)).toEqual(['Rest', 'Nourish', 'Move']);
    expect(result.wellsprings[0]?.bands.map((b) => [b.band, b.value, b.shade, b.label])).toEqual([
      ['inner', 0, 0, 'Rarely'],
      ['middle', 1, 1, 'Sometimes'],
      ['outer', 2, 2, 'Often'],
    ]);
    expect(result.wellsprings[0]?.icon).toBe('rest.svg');
  });

  it('prefers explicit names, then wellspring identifiers, then built-in labels', () => {
    const withNames = { ...petal('Purpose'), displayName: 'Purpose & Meaning', wellspringNames: ['Kindness'] };
    withNames.wellsprings[1]!.outer.wellspringName = 'BeKind';
    const result = normalisePetal(withNames);
    expect(result.name).toBe('Purpose & Meaning');
    expect(result.wellsprings.map((w) => w.label)).toEqual(['Kindness', 'Be Kind', 'Provide']);
    expect(normalisePetal(petal('Unknown')).wellsprings.map((w) => w.label)).toEqual([
      'Wellspring 1',
      'Wellspring 2',
      'Wellspring 3',
    ]);
  });

  it('turns identifiers into readable labels', () => {
    expect(humaniseName('BeKind')).toBe('Be Kind');
    expect(humaniseName('Rest')).toBe('Rest');
  });
});
