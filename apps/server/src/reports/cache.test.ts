import { describe, expect, it } from 'vitest';
import { ReportCache } from './cache';

describe('ReportCache', () => {
  it('returns a copy only while the fingerprint matches', () => {
    const cache = new ReportCache();
    cache.set('plan:a', 'f1', '{"x":1}');
    expect(cache.get('plan:a', 'f1')).toBe('{"x":1}');
    expect(cache.get('plan:a', 'f2')).toBeUndefined();
    expect(cache.get('profile:a', 'f1')).toBeUndefined();
  });

  it('forgets the least recently used entry when full', () => {
    const cache = new ReportCache(2);
    cache.set('a', 'f', 'A');
    cache.set('b', 'f', 'B');
    cache.get('a', 'f');
    cache.set('c', 'f', 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('b', 'f')).toBeUndefined();
    expect(cache.get('a', 'f')).toBe('A');
    expect(cache.get('c', 'f')).toBe('C');
  });
});
