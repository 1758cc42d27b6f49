import { formatCount, formatPrice } from '@bloom/domain/format';
import { describe, expect, it } from 'vitest';
import { formatPercent, formatScore } from './format';

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
});
