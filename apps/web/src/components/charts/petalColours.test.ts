import { describe, expect, it } from 'vitest';
import { contrastRatio, defaultPalette } from './domainShades';
import { deriveShades, isHexColour, mixHex, shadesForColour, shadesForPetal } from './petalColours';

const luminanceOrder = (shades: readonly string[]) =>
  shades.map((s) => contrastRatio(s, '#ffffff')).every((ratio, i, all) => i === 0 || ratio > (all[i - 1] ?? 0));

describe('petal colours', () => {
  it('uses the bundled palette for known petals', () => {
    expect(shadesForPetal('Body')).toBe(defaultPalette.Body?.shades);
    expect(shadesForPetal('Body', defaultPalette.Body?.colour)).toBe(defaultPalette.Body?.shades);
    expect(shadesForColour(defaultPalette.Mind!.colour.toUpperCase())).toBe(defaultPalette.Mind?.shades);
  });

  it('derives five shades, palest to deepest, for an unknown colour', () => {
    const shades = shadesForPetal('Custom', '#3366cc');
    expect(shades).toHaveLength(5);
    expect(shades.every(isHexColour)).toBe(true);
    expect(luminanceOrder(shades)).toBe(true);
    // The deepest shade outlines the petal: at least 3:1 against a white page (WCAG 1.4.11).
    expect(contrastRatio(shades[4], '#ffffff')).toBeGreaterThanOrEqual(3);
  });

  it('falls back to a neutral ramp when there is no colour at all', () => {
    const shades = shadesForPetal('Nobody');
    expect(luminanceOrder(shades)).toBe(true);
    expect(shades).toEqual(deriveShades('#64748b'));
  });

  it('gives every bundled petal an outline colour with 3:1 contrast on white', () => {
    for (const [name, entry] of Object.entries(defaultPalette)) {
      expect(contrastRatio(entry.shades[4], '#ffffff'), name).toBeGreaterThanOrEqual(3);
    }
  });

  it('mixes colours linearly', () => {
    expect(mixHex('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixHex('#102030', '#102030', 0.3)).toBe('#102030');
  });
});
