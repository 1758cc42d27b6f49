import { describe, expect, it } from 'vitest';
import {
  angleFromAxis,
  bandRadii,
  FLOWER_PROFILE,
  isLowerHalf,
  labelArcPath,
  petalAngles,
  petalOutline,
  pointAtRadius,
  polar,
  sampleEdge,
  segmentEdges,
  segmentPath,
  SINGLE_PROFILE,
} from './lotusGeometry';

describe('petalAngles', () => {
  it('puts eight petals at 45° steps and four at 90° steps (spec 01 §9)', () => {
    expect(petalAngles(8)).toEqual([0, 45, 90, 135, 180, 225, 270, 315]);
    expect(petalAngles(4)).toEqual([0, 90, 180, 270]);
  });
});

describe('polar', () => {
  it('measures clockwise from 12 o’clock in SVG coordinates', () => {
    const top = polar(100, 100, 50, 0);
    const right = polar(100, 100, 50, 90);
    expect(top.x).toBeCloseTo(100);
    expect(top.y).toBeCloseTo(50);
    expect(right.x).toBeCloseTo(150);
    expect(right.y).toBeCloseTo(100);
  });
});

describe('petalOutline', () => {
  it.each([
    [8, 21],
    [4, 40],
  ])('keeps every point of a %i-petal flower within %i° of its axis, so neighbours never overlap', (count, limit) => {
    const outline = petalOutline({ baseRadius: 20, tipRadius: 200, maxHalfAngle: limit });
    const widest = Math.max(...sampleEdge(outline, 1, 400).map(angleFromAxis));
    expect(widest).toBeLessThanOrEqual(limit + 0.05);
    expect(widest).toBeLessThan(360 / count / 2);
    // …and the shape actually uses the room it has (within a degree).
    expect(widest).toBeGreaterThan(limit - 1);
  });

  it('respects a maximum half-width', () => {
    const outline = petalOutline({ baseRadius: 20, tipRadius: 300, maxHalfAngle: 80, maxHalfWidth: 60, profile: SINGLE_PROFILE });
    const widest = Math.max(...sampleEdge(outline, 1, 400).map((p) => p.x));
    expect(widest).toBeLessThanOrEqual(60.01);
    expect(widest).toBeGreaterThan(55);
  });

  it('runs from the base radius to a pointed tip on the axis', () => {
    const outline = petalOutline({ baseRadius: 30, tipRadius: 180, maxHalfAngle: 20, profile: FLOWER_PROFILE });
    expect(-outline.base.y).toBe(30);
    expect(outline.tip).toEqual({ x: 0, y: -180 });
  });
});

describe('segments', () => {
  it('splits the petal into equal fractions across its width', () => {
    expect(segmentEdges(3).map((e) => Number(e.toFixed(4)))).toEqual([-1, -0.3333, 0.3333, 1]);
  });

  it('draws closed segment paths that meet at the tip', () => {
    const outline = petalOutline({ baseRadius: 20, tipRadius: 100, maxHalfAngle: 20 });
    const paths = [0, 1, 2].map((i) => segmentPath(outline, i));
    for (const d of paths) {
      expect(d.startsWith('M')).toBe(true);
      expect(d.endsWith('Z')).toBe(true);
      expect(d).toContain('0 -100');
    }
    expect(new Set(paths).size).toBe(3);
  });

  it('finds where a divider crosses a circle', () => {
    const outline = petalOutline({ baseRadius: 20, tipRadius: 200, maxHalfAngle: 21 });
    const p = pointAtRadius(outline, 2 / 3, 110);
    expect(Math.hypot(p.x, p.y)).toBeCloseTo(110, 3);
    expect(p.x).toBeGreaterThan(0);
  });
});

describe('bandRadii', () => {
  it('splits base → tip into inner, middle and outer bands of sensible size', () => {
    const outline = petalOutline({ baseRadius: 20, tipRadius: 200, maxHalfAngle: 21 });
    const [r0, r1, r2, r3] = bandRadii(outline);
    expect(r0).toBe(20);
    expect(r3).toBe(200);
    expect(r1).toBeGreaterThan(r0);
    expect(r2).toBeGreaterThan(r1);
    expect(r3).toBeGreaterThan(r2);
    // No band is thinner than a fifth of the petal's length.
    for (const [a, b] of [[r0, r1], [r1, r2], [r2, r3]] as const) expect(b - a).toBeGreaterThan(180 / 5);
  });
});

describe('labels', () => {
  it('treats petals pointing down as the lower half (their labels run anticlockwise)', () => {
    expect([0, 45, 90, 270, 315].map(isLowerHalf)).toEqual([false, false, false, false, false]);
    expect([135, 180, 225, -90 + 360 + 1].map(isLowerHalf)).toEqual([true, true, true, false]);
  });

  it('sweeps upper arcs clockwise and lower arcs anticlockwise', () => {
    expect(labelArcPath(100, 100, 80, 0, 40)).toMatch(/A80 80 0 0 1 /);
    expect(labelArcPath(100, 100, 80, 180, 40)).toMatch(/A80 80 0 0 0 /);
  });
});
