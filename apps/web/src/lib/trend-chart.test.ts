import { describe, expect, it } from 'vitest';
import { COMPACT_BOX, DEFAULT_BOX, latestIndex, latestValue, linearScale, trendChartGeometry, xPositions, type ChartBox } from './trend-chart';

const box: ChartBox = { width: 100, height: 50, padding: { top: 10, right: 10, bottom: 0, left: 10 } };

describe('linearScale', () => {
  it('maps the domain onto the range, inverted for SVG y', () => {
    const y = linearScale([0, 4], [50, 10]);
    expect(y(0)).toBe(50);
    expect(y(4)).toBe(10);
    expect(y(2)).toBe(30);
  });

  it('maps a zero-width domain to the middle of the range', () => {
    expect(linearScale([1, 1], [0, 10])(1)).toBe(5);
  });
});

describe('xPositions', () => {
  it('spaces assessments evenly, a single one in the middle', () => {
    expect(xPositions(0, 10, 90)).toEqual([]);
    expect(xPositions(1, 10, 90)).toEqual([50]);
    expect(xPositions(3, 10, 90)).toEqual([10, 50, 90]);
  });
});

describe('trendChartGeometry', () => {
  it('draws the scores on the fixed 0–4 scale, oldest on the left', () => {
    const g = trendChartGeometry([0, 2, 4], box);
    expect(g.points.map((p) => [p.x, p.y])).toEqual([
      [10, 50],
      [50, 30],
      [90, 10],
    ]);
    expect(g.linePath).toBe('M10 50 L50 30 L90 10');
    expect(g.areaPath).toBe('M10 50 L10 50 L50 30 L90 10 L90 50 Z');
  });

  it('keeps the scale fixed: a small wobble stays small', () => {
    const g = trendChartGeometry([2.1, 2.2], box);
    expect(Math.abs((g.points[1]?.y ?? 0) - (g.points[0]?.y ?? 0))).toBeCloseTo(1, 5);
  });

  it('breaks the line at a missing score instead of joining across it', () => {
    const g = trendChartGeometry([1, null, 3, 3], box);
    expect(g.points.map((p) => p.index)).toEqual([0, 2, 3]);
    expect(g.linePath).toBe('M10 40 M63.3 20 L90 20');
    // Only runs of two or more points get an area.
    expect(g.areaPath).toBe('M63.3 50 L63.3 20 L90 20 L90 50 Z');
  });

  it('draws one point and no line for a single assessment, and nothing without scores', () => {
    const one = trendChartGeometry([2.5], box);
    expect(one.points).toEqual([{ index: 0, x: 50, y: 25, value: 2.5 }]);
    expect(one.linePath).toBe('M50 25');
    expect(one.areaPath).toBe('');
    const none = trendChartGeometry([null, null], box);
    expect(none.points).toEqual([]);
    expect(none.linePath).toBe('');
  });

  it('clamps a score outside 0–4 to the plot (the value itself is kept)', () => {
    const g = trendChartGeometry([5, -1], box);
    expect(g.points.map((p) => p.y)).toEqual([10, 50]);
    expect(g.points.map((p) => p.value)).toEqual([5, -1]);
  });

  it('has a grid line per whole score, labelled at 0, 2 and 4', () => {
    const g = trendChartGeometry([1], DEFAULT_BOX);
    expect(g.gridLines.map((l) => l.label)).toEqual(['0', null, '2', null, '4']);
    expect(g.gridLines[0]?.y).toBe(DEFAULT_BOX.height - DEFAULT_BOX.padding.bottom);
    expect(g.gridLines[4]?.y).toBe(DEFAULT_BOX.padding.top);
  });

  it('keeps the fixed 0–4 scale in the dashboard\'s compact box', () => {
    const g = trendChartGeometry([0, 4], COMPACT_BOX);
    expect([g.width, g.height]).toEqual([COMPACT_BOX.width, COMPACT_BOX.height]);
    expect(g.points.map((p) => p.y)).toEqual([COMPACT_BOX.height - COMPACT_BOX.padding.bottom, COMPACT_BOX.padding.top]);
    expect(g.points.map((p) => p.x)).toEqual([COMPACT_BOX.padding.left, COMPACT_BOX.width - COMPACT_BOX.padding.right]);
  });
});

describe('latestValue', () => {
  it('is the newest assessment\'s value, and null ("–") when the newest has no score, never an older one', () => {
    expect(latestValue([1, 2.5])).toBe(2.5);
    expect(latestValue([1, 2.5, null])).toBeNull();
    expect(latestValue([])).toBeNull();
    expect(latestValue([2, Number.NaN])).toBeNull();
  });

  it('marks the newest assessment\'s point only: with no score there, no older point is marked', () => {
    const values = [1, 3, null];
    const marked = trendChartGeometry(values, box).points.filter((p) => p.index === latestIndex(values));
    expect(marked).toEqual([]);
    expect(trendChartGeometry([1, 3], box).points.filter((p) => p.index === latestIndex([1, 3])).map((p) => p.value)).toEqual([3]);
  });
});
