import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('never holds more than its capacity, and holds the most recently set keys', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 50 }), (capacity, keys) => {
        const map = new BoundedMap<number, number>(capacity);
        keys.forEach((key, index) => map.set(key, index));
        expect(map.size).toBeLessThanOrEqual(capacity);
        const recent = [...new Set([...keys].reverse())].slice(0, capacity);
        for (const key of recent) expect(map.get(key)).toBe(keys.lastIndexOf(key));
      }),
    );
  });

  it('forgets a deleted key', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.delete('a');
    expect(map.get('a')).toBeUndefined();
    expect(map.size).toBe(0);
  });
});
