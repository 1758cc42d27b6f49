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

describe('BoundedMap with an idle time', () => {
  it('drops entries nobody read or set for that long, at a later set, and keeps those in use', () => {
    let now = 1_000_000;
    const map = new BoundedMap<string, number>(100, 60_000, () => now);
    map.set('left', 1);
    map.set('stays', 2);
    now += 50_000;
    expect(map.get('stays')).toBe(2);
    now += 20_000; // 'left' idle 70 s, 'stays' 20 s
    expect(map.size).toBe(2); // nothing is swept by time alone
    map.set('new', 3);
    expect(map.get('left')).toBeUndefined();
    expect(map.get('stays')).toBe(2);
    expect(map.get('new')).toBe(3);
    expect(map.size).toBe(2);
  });

  it('sweeps at most once per half of the idle time', () => {
    let now = 0;
    const map = new BoundedMap<number, number>(100, 10_000, () => now);
    map.set(1, 1); // no sweep: none is due before 5 s
    now = 12_000;
    map.set(2, 2); // sweeps: 1 idle 12 s → gone
    expect(map.get(1)).toBeUndefined();
    map.set(3, 3);
    now = 16_000; // 2 and 3 idle 4 s; last sweep 4 s ago: no sweep
    map.set(4, 4);
    expect(map.size).toBe(3);
    now = 30_000; // 2, 3 idle 18 s, 4 idle 14 s; last sweep 18 s ago
    map.set(5, 5);
    expect([map.get(2), map.get(3), map.get(4), map.get(5)]).toEqual([undefined, undefined, undefined, 5]);
  });

  it('still never holds more than its capacity', () => {
    const map = new BoundedMap<number, number>(3, 60_000, () => 0);
    for (let key = 0; key < 10; key++) map.set(key, key);
    expect(map.size).toBe(3);
    expect(map.get(9)).toBe(9);
  });
});
