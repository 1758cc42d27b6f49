/** Pixel maths of the report bar charts (pure, unit-tested). */

/** Gap between the bars of a group, as a share of the bar width. */
export const BAR_GAP = 0.4;

export interface BarSlot {
  readonly x: number;
  readonly width: number;
  readonly centre: number;
}

/**
 * Bars in groups across a plot: each group gets an equal slot, its bars share 70 % of
 * the slot (never wider than `maxBarWidth`) with a gap of `BAR_GAP` bar widths between
 * them, which leaves room for each bar's label underneath.
 */
export function groupedBarSlots(
  plotLeft: number,
  plotWidth: number,
  barsPerGroup: readonly number[],
  maxBarWidth: number,
): BarSlot[][] {
  const slot = plotWidth / Math.max(1, barsPerGroup.length);
  return barsPerGroup.map((bars, group) => {
    const count = Math.max(1, bars);
    const width = Math.min(maxBarWidth, (slot * 0.7) / (count + (count - 1) * BAR_GAP));
    const total = count * width + (count - 1) * width * BAR_GAP;
    const start = plotLeft + group * slot + (slot - total) / 2;
    return Array.from({ length: bars }, (_, i) => {
      const x = start + i * width * (1 + BAR_GAP);
      return { x, width, centre: x + width / 2 };
    });
  });
}

/** Y of a value on an axis from 0 (at `bottom`) to `max` (at `bottom - height`), clamped. */
export function valueToY(value: number, max: number, bottom: number, height: number): number {
  const share = Math.min(1, Math.max(0, value / max));
  return bottom - share * height;
}

export interface StackSegment {
  readonly y: number;
  readonly height: number;
}

/** Segments stacked upwards from `bottom`, each `heights[i]` pixels tall. */
export function stackSegments(heights: readonly number[], bottom: number): StackSegment[] {
  let top = bottom;
  return heights.map((height) => {
    const h = Math.max(0, height);
    top -= h;
    return { y: top, height: h };
  });
}
