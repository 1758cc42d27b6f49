import { describe, expect, it } from 'vitest';
import { MIN_ZONE_HEIGHT_PX, scrollsAt } from './autoScroll';

describe('auto-scroll while dragging a client', () => {
  it('never scrolls under a pointer held over the middle of a fully visible group, on phones and tall monitors', () => {
    // A fully visible group's middle is at least half its height from the window's edge.
    for (const windowHeight of [568, 667, 800, 844, 1080, 1440, 1600]) {
      expect(scrollsAt(MIN_ZONE_HEIGHT_PX / 2, windowHeight), `${windowHeight} px`).toBe(false);
    }
    // dnd-kit's default band (20%) did: the drop then landed in a group further down.
    expect(scrollsAt(MIN_ZONE_HEIGHT_PX / 2, 800, 0.2)).toBe(true);
  });

  it('still scrolls at the very edge, so a group off screen can be reached', () => {
    expect(scrollsAt(10, 800)).toBe(true);
    expect(scrollsAt(0, 390)).toBe(true);
  });
});
