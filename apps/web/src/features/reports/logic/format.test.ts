import { describe, expect, it } from 'vitest';
import { formatPercent, formatScore } from './format';

// Prices and counts are @bloom/domain/format's, and tested there.
describe('report formats', () => {
  it('writes scores and percentages', () => {
    expect(formatScore(2)).toBe('2.00');
    expect(formatScore(null)).toBe('–');
    expect(formatPercent(58.4)).toBe('58%');
  });
});
