import { describe, expect, it } from 'vitest';
import { formatAge, formatAverage, formatScore } from './format';

describe('supplement formats', () => {
  it('shows resilience as a whole percent and other scores with 2 decimals', () => {
    expect(formatScore('Resilience', 66.6)).toBe('67%');
    expect(formatScore('WellBeing', 2.5)).toBe('2.50');
    expect(formatScore('Mindset', null)).toBe('–');
  });
  it('shows averages with 1 decimal and age -1 as not stated', () => {
    expect(formatAverage(2.25)).toBe('2.3');
    expect(formatAverage(null)).toBe('–');
    expect(formatAge(-1, 'Prefer not to say')).toBe('Prefer not to say');
    expect(formatAge(41, 'x')).toBe('41');
  });
});
