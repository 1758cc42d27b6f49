import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent, formatPrice, formatScore } from './format';

describe('report formats', () => {
  it('writes prices in dollars', () => {
    expect(formatPrice(999)).toBe('$9.99');
    expect(formatPrice(1000)).toBe('$10.00');
    expect(formatPrice(0)).toBe('$0.00');
  });
  it('writes counts, scores and percentages', () => {
    expect(formatCount(1000)).toBe('1,000');
    expect(formatScore(2)).toBe('2.00');
    expect(formatScore(null)).toBe('–');
    expect(formatPercent(58.4)).toBe('58%');
  });
  it('groups every whole count as Intl does, without building an Intl formatter', () => {
    const intl = new Intl.NumberFormat('en-US');
    fc.assert(fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => formatCount(n) === intl.format(n)));
    for (const n of [0, 7, 999, 1000, 999_999, 1_000_000, 12_345_678]) expect(formatCount(n)).toBe(intl.format(n));
  });
});
