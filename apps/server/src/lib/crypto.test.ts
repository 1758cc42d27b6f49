import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { newId } from './crypto';

describe('newId', () => {
  it('is a version 7 UUID that every id check accepts, and unique', () => {
    const ids = Array.from({ length: 2_000 }, newId);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(z.uuid().safeParse(id).success).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carries its creation time, so ids made later sort later', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 47 }), fc.integer({ min: 1, max: 10 ** 9 }), (earlier, gap) => {
        const spy = vi.spyOn(Date, 'now');
        try {
          spy.mockReturnValue(earlier);
          const first = newId();
          spy.mockReturnValue(earlier + gap);
          const second = newId();
          expect(parseInt(first.slice(0, 8) + first.slice(9, 13), 16)).toBe(earlier);
          expect(first < second).toBe(true);
        } finally {
          spy.mockRestore();
        }
      }),
    );
  });
});
