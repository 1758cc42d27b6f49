/**
 * Geometry of the Life Lotus, as pure functions (no DOM, unit-tested).
 *
 * Conventions: angles are degrees clockwise from 12 o'clock (SVG's y axis points down,
 * so `rotate(θ)` turns a petal clockwise). A petal is drawn in local coordinates where
 * the flower centre is the origin and the petal points up (−y). Its outline is one cubic
 * Bézier per side from the base to the pointed tip; the wellspring dividers are the same
 * curve with its x coordinates scaled, so the three segments lie side by side across the
 * petal and meet at the tip like the veins of a real petal. The inner/middle/outer bands
 * are rings around the flower centre, so one pair of circular clip paths serves every petal.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Petal directions: eight petals at 45° steps, four at 90° steps (spec 01 §9). */
export function petalAngles(count: number): number[] {
  return Array.from({ length: count }, (_, index) => (index * 360) / count);
}

/** Point at radius r and angle θ (clockwise from 12 o'clock) around (cx, cy). */
export function polar(cx: number, cy: number, r: number, degrees: number): Point {
  const rad = (degrees * Math.PI) / 180;
  return { x: cx + r * Math.sin(rad), y: cy - r * Math.cos(rad) };
}

/** Right-hand edge of a petal: a cubic from the base to the tip (left edge is its mirror). */
export interface PetalOutline {
  readonly base: Point;
  readonly c1: Point;
  readonly c2: Point;
  readonly tip: Point;
}

/**
 * A petal profile along its length (0 base … 1 tip), as the right edge's cubic control
 * points before scaling: x is a share of the petal's length, `along` of the way to the tip.
 */
export interface PetalProfile {
  readonly baseX: number;
  readonly c1: { readonly x: number; readonly along: number };
  readonly c2: { readonly x: number; readonly along: number };
}

/** Flower petals: slim at the centre, fullest a little beyond the middle, gently pointed. */
export const FLOWER_PROFILE: PetalProfile = { baseX: 0.05, c1: { x: 0.6, along: 0.4 }, c2: { x: 0.8, along: 0.75 } };
/** A lone petal: fullest just below the middle, tapering to a pointed tip (ovate). */
export const SINGLE_PROFILE: PetalProfile = { baseX: 0.03, c1: { x: 0.95, along: 0.3 }, c2: { x: 0.55, along: 0.85 } };

export interface PetalShapeOptions {
  /** Distance of the petal's base from the flower centre. */
  readonly baseRadius: number;
  /** Distance of the tip from the flower centre. */
  readonly tipRadius: number;
  /** Widest angle either side of the petal's axis; keeps neighbours from overlapping. */
  readonly maxHalfAngle: number;
  /** Widest half-width in pixels, if the angle alone would allow too fat a petal. */
  readonly maxHalfWidth?: number;
  readonly profile?: PetalProfile;
}

export function cubicAt(p0: Point, p1: Point, p2: Point, p3: Point, t: number): Point {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return { x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y };
}

/** Points along one edge (or divider) of the petal, base to tip. */
export function sampleEdge(outline: PetalOutline, fraction = 1, steps = 64): Point[] {
  const edge = scaleOutline(outline, fraction);
  return Array.from({ length: steps + 1 }, (_, i) => cubicAt(edge.base, edge.c1, edge.c2, edge.tip, i / steps));
}

/** Angle of a local point away from the petal's axis, in degrees. */
export function angleFromAxis(point: Point): number {
  return (Math.atan2(Math.abs(point.x), -point.y) * 180) / Math.PI;
}

/**
 * The petal outline for the given radii, made as wide as possible while every point
 * stays within `maxHalfAngle` of the axis (and within `maxHalfWidth`).
 */
export function petalOutline(options: PetalShapeOptions): PetalOutline {
  const { baseRadius, tipRadius, maxHalfAngle, maxHalfWidth = Infinity, profile = FLOWER_PROFILE } = options;
  const length = tipRadius - baseRadius;
  const raw: PetalOutline = {
    base: { x: profile.baseX * length, y: -baseRadius },
    c1: { x: profile.c1.x * length, y: -(baseRadius + profile.c1.along * length) },
    c2: { x: profile.c2.x * length, y: -(baseRadius + profile.c2.along * length) },
    tip: { x: 0, y: -tipRadius },
  };
  const limit = Math.tan((maxHalfAngle * Math.PI) / 180);
  const points = sampleEdge(raw, 1, 200).filter((p) => p.x > 1e-9);
  const angleScale = Math.min(...points.map((p) => (limit * -p.y) / p.x));
  const widthScale = maxHalfWidth / Math.max(...points.map((p) => p.x));
  return scaleOutline(raw, Math.min(angleScale, widthScale));
}

/** The outline with x scaled by `fraction`: −1 is the left edge, 0 the axis, 1 the right edge. */
export function scaleOutline(outline: PetalOutline, fraction: number): PetalOutline {
  const scale = (p: Point): Point => ({ x: p.x * fraction, y: p.y });
  return { base: scale(outline.base), c1: scale(outline.c1), c2: scale(outline.c2), tip: outline.tip };
}

const n = (value: number) => Number(value.toFixed(2));
const pt = (p: Point) => `${n(p.x)} ${n(p.y)}`;

/** SVG path of the whole petal in local coordinates. */
export function petalPath(outline: PetalOutline): string {
  const left = scaleOutline(outline, -1);
  return (
    `M${pt(left.base)}C${pt(left.c1)} ${pt(left.c2)} ${pt(outline.tip)}` +
    `C${pt(outline.c2)} ${pt(outline.c1)} ${pt(outline.base)}Z`
  );
}

/** Fractions across the petal where the wellspring segments start and end. */
export function segmentEdges(segments: number): number[] {
  return Array.from({ length: segments + 1 }, (_, i) => -1 + (2 * i) / segments);
}

/** SVG path of wellspring segment `index` of `segments`, counted left to right. */
export function segmentPath(outline: PetalOutline, index: number, segments = 3): string {
  const edges = segmentEdges(segments);
  const from = scaleOutline(outline, edges[index] ?? -1);
  const to = scaleOutline(outline, edges[index + 1] ?? 1);
  return (
    `M${pt(from.base)}C${pt(from.c1)} ${pt(from.c2)} ${pt(outline.tip)}` +
    `C${pt(to.c2)} ${pt(to.c1)} ${pt(to.base)}Z`
  );
}

/** SVG path of a divider curve (no fill) between segments. */
export function dividerPath(outline: PetalOutline, fraction: number): string {
  const d = scaleOutline(outline, fraction);
  return `M${pt(d.base)}C${pt(d.c1)} ${pt(d.c2)} ${pt(d.tip)}`;
}

/**
 * Where the divider curve at `fraction` crosses the circle of radius `radius`: the curve of
 * `scaleOutline(outline, fraction)` bisected with `cubicAt`'s arithmetic, written out so the 40
 * steps allocate nothing (`bandRadii` asks 200 times per flower).
 */
export function pointAtRadius(outline: PetalOutline, fraction: number, radius: number): Point {
  const x0 = outline.base.x * fraction;
  const x1 = outline.c1.x * fraction;
  const x2 = outline.c2.x * fraction;
  const x3 = outline.tip.x;
  const y0 = outline.base.y;
  const y1 = outline.c1.y;
  const y2 = outline.c2.y;
  const y3 = outline.tip.y;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 40; i += 1) {
    const t = (lo + hi) / 2;
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    if (Math.hypot(a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3) < radius) lo = t;
    else hi = t;
  }
  return cubicAt({ x: x0, y: y0 }, { x: x1, y: y1 }, { x: x2, y: y2 }, { x: x3, y: y3 }, (lo + hi) / 2);
}

/** Half the width of the petal where it crosses the circle of radius `radius`. */
export function halfWidthAtRadius(outline: PetalOutline, radius: number): number {
  return Math.abs(pointAtRadius(outline, 1, radius).x);
}

/**
 * Radii of the band boundaries: [base, inner|middle, middle|outer, tip]. Chosen so the
 * three bands cover about the same petal area; otherwise the slim base and the pointed
 * tip would make the inner and outer values look less important than the middle one.
 */
export function bandRadii(outline: PetalOutline): [number, number, number, number] {
  const key = `${outline.base.x} ${outline.base.y} ${outline.c1.x} ${outline.c1.y} ${outline.c2.x} ${outline.c2.y} ${outline.tip.x} ${outline.tip.y}`;
  let radii = bandRadiiByOutline.get(key);
  if (!radii) {
    if (bandRadiiByOutline.size >= 32) bandRadiiByOutline.clear();
    radii = computeBandRadii(outline);
    bandRadiiByOutline.set(key, radii);
  }
  return [...radii];
}

/** A page draws the same outline in every chart of a size: 200 crossings each, worth computing once. */
const bandRadiiByOutline = new Map<string, readonly [number, number, number, number]>();

function computeBandRadii(outline: PetalOutline): [number, number, number, number] {
  const r0 = -outline.base.y;
  const tip = -outline.tip.y;
  const steps = 200;
  const areas: number[] = [0];
  for (let i = 1; i <= steps; i += 1) {
    const r = r0 + ((tip - r0) * (i - 0.5)) / steps;
    areas.push((areas[i - 1] ?? 0) + halfWidthAtRadius(outline, r));
  }
  const total = areas[steps] ?? 1;
  const radiusAtShare = (share: number) => {
    const i = areas.findIndex((a) => a >= share * total);
    return r0 + ((tip - r0) * i) / steps;
  };
  // Blend equal area with equal length so no band becomes a sliver.
  const blend = (share: number) => 0.5 * radiusAtShare(share) + 0.5 * (r0 + (tip - r0) * share);
  return [r0, blend(1 / 3), blend(2 / 3), tip];
}

/** True for directions whose labels would read upside down along a clockwise arc. */
export function isLowerHalf(degrees: number): boolean {
  const a = ((degrees % 360) + 360) % 360;
  return a > 90 && a < 270;
}

/**
 * Arc for a curved label centred on direction θ. Upper labels run clockwise with glyphs
 * standing outwards; lower ones run anticlockwise so they stay upright.
 */
export function labelArcPath(cx: number, cy: number, radius: number, degrees: number, halfSpan: number): string {
  const lower = isLowerHalf(degrees);
  const start = polar(cx, cy, radius, lower ? degrees + halfSpan : degrees - halfSpan);
  const end = polar(cx, cy, radius, lower ? degrees - halfSpan : degrees + halfSpan);
  const large = halfSpan * 2 > 180 ? 1 : 0;
  return `M${pt(start)}A${n(radius)} ${n(radius)} 0 ${large} ${lower ? 0 : 1} ${pt(end)}`;
}
