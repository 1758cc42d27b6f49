import { describe, expect, it } from 'vitest';
import { fillPath } from './read-paths';

describe('fillPath', () => {
  it('fills each :param with its value, encoded as one path segment', () => {
    expect(fillPath('/api/data/GetBloomProfileReport/:assessmentId', { assessmentId: 'a/b?c' })).toBe('/api/data/GetBloomProfileReport/a%2Fb%3Fc');
    expect(fillPath('/api/data/GetSummaryText', {})).toBe('/api/data/GetSummaryText');
  });

  it('refuses a template whose param has no value', () => {
    expect(() => fillPath('/api/x/:moduleName', {})).toThrow(':moduleName');
  });
});
