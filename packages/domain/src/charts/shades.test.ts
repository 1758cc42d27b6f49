import { describe, expect, it } from 'vitest';
import { contrastRatio, defaultPalette, DARK_TEXT, responseColour, shadeColour, shadeIndex, shadeTextColour } from './shades';
import { relativeLuminance } from './colour';
import { PETAL_NAMES } from '../model/instrument';

describe('shadeIndex', () => {
  it.each([
    [0, 0], [0.49, 0], [0.5, 1], [1.49, 1], [1.5, 2], [2, 2], [2.49, 2], [2.5, 3], [3.49, 3], [3.5, 4], [4, 4],
  ])('%f is shade %i', (value, expected) => expect(shadeIndex(value)).toBe(expected));
});

describe('palette', () => {
  it('has five shades, palest to deepest, for each of the ten petals', () => {
    for (const petal of PETAL_NAMES) {
      const shades = defaultPalette[petal]!.shades;
      expect(shades).toHaveLength(5);
      const lum = shades.map(relativeLuminance);
      lum.slice(1).forEach((l, i) => expect(l).toBeLessThan(lum[i]!));
    }
  });
  it('keeps text readable (WCAG AA 4.5:1) on every shade, with dark text on the three light ones', () => {
    for (const petal of PETAL_NAMES) {
      [0, 1, 2, 3, 4].forEach((value) => {
        const bg = shadeColour(petal, value);
        expect(contrastRatio(bg, shadeTextColour(petal, value))).toBeGreaterThanOrEqual(4.5);
        if (value <= 2) expect(shadeTextColour(petal, value)).toBe(DARK_TEXT);
      });
    }
  });
  it('throws for an unknown petal', () => {
    expect(() => shadeColour('Nope', 2)).toThrow();
  });
});

describe('responseColour', () => {
  it('runs orange → pale → blue', () => {
    expect(responseColour(0)).toBe('#f08a24');
    expect(responseColour(2)).toBe('#f7f4ee');
    expect(responseColour(4)).toBe('#3b7dd8');
    expect(responseColour(9)).toBe('#3b7dd8');
  });
});
