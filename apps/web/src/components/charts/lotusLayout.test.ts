import { describe, expect, it } from 'vitest';
import { estimateTextWidth, fittedFontSize, flowerLayout, singlePetalLayout } from './lotusLayout';

describe('flowerLayout', () => {
  it.each([450, 355, 260, 200])('keeps petals and labels inside a %i px square', (size) => {
    for (const count of [8, 4]) {
      const layout = flowerLayout(size, count);
      expect(layout.bands[3]).toBeLessThan(layout.labelRadiusUpper);
      // Lower labels sit on a wider baseline; their glyphs grow inwards.
      expect(layout.labelRadiusLower + layout.fontSize * 0.3).toBeLessThanOrEqual(size / 2);
      expect(layout.labelRadiusUpper + layout.fontSize * 0.8).toBeLessThanOrEqual(size / 2);
      expect(layout.discRadius).toBeLessThan(layout.bands[1]);
    }
  });

  it('shows icon badges only where they fit', () => {
    expect(flowerLayout(450, 8).badge).not.toBeNull();
    expect(flowerLayout(200, 8).badge).toBeNull();
    expect(flowerLayout(450, 4).badge?.diameter).toBeGreaterThanOrEqual(15);
  });
});

describe('singlePetalLayout', () => {
  it.each([450, 200])('stacks name, petal and labels without overlap at %i px', (width) => {
    const layout = singlePetalLayout(width);
    const tipY = layout.cy - layout.bands[3];
    const baseY = layout.cy - layout.bands[0];
    expect(tipY).toBeGreaterThan(layout.nameY);
    expect(baseY).toBeLessThan(layout.legendIconY);
    expect(layout.legendTextY).toBeLessThanOrEqual(layout.height);
    expect(layout.columns).toHaveLength(3);
  });
});

describe('fittedFontSize', () => {
  it('keeps the size when the text fits and shrinks it when not', () => {
    expect(fittedFontSize('Body', 14, 200)).toBe(14);
    const shrunk = fittedFontSize('Significance', 14, 60);
    expect(shrunk).toBeLessThan(14);
    expect(estimateTextWidth('Significance', shrunk)).toBeLessThanOrEqual(60.5);
  });
});
