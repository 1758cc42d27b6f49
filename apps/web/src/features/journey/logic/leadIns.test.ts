import { describe, expect, it } from 'vitest';
import { rapidLeadIn, rapidSecondLeadIn } from './leadIns';

describe('Rapid lead-ins', () => {
  it('asks about experiences or feelings by module', () => {
    expect(rapidLeadIn('Experiences')).toBe('Over the past two weeks, how often have you had the following experiences?');
    expect(rapidLeadIn('Feelings')).toBe('Over the past two weeks, how often have you had the following feelings?');
    expect(rapidLeadIn('Energy')).toBe('Over the past two weeks, how often have you had the following experiences?');
  });
  it('prefers the server’s wording', () => {
    expect(rapidLeadIn('Energy', 'Custom lead-in')).toBe('Custom lead-in');
  });
  it('adds the feelings lead-in on the Energy page only', () => {
    expect(rapidSecondLeadIn('Energy')).toBe('Over the past two weeks, how often have you had the following feelings?');
    expect(rapidSecondLeadIn('Feelings', 'x')).toBeUndefined();
  });
});
