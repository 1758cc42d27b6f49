/**
 * The geometry of a small trend chart (issue 26): one measure's scores, oldest first, evenly
 * spaced from left to right, on the instrument's fixed 0–4 scale (0 "Rarely" … 4 "Very Often"),
 * so that every chart reads alike and a small wobble never looks like a leap. Pure: the
 * component only draws what this returns.
 */

export const SCORE_MIN = 0;
export const SCORE_MAX = 4;

export interface ChartBox {
  width: number;
  height: number;
  /** Room around the plot: the left holds the axis labels. */
  padding: { top: number; right: number; bottom: number; left: number };
}

/** /Progress's charts: a card of their own, about 280–360 px wide. */
export const DEFAULT_BOX: ChartBox = { width: 300, height: 132, padding: { top: 12, right: 14, bottom: 14, left: 26 } };
/** The member dashboard's compact charts: flatter, so eleven of them stay a glance, not a page. */
export const COMPACT_BOX: ChartBox = { width: 260, height: 72, padding: { top: 8, right: 10, bottom: 8, left: 22 } };

/** A linear map from `domain` to `range`; a zero-width domain maps to the range's middle. */
export function linearScale([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]): (value: number) => number {
  const span = d1 - d0;
  if (span === 0) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / span) * (r1 - r0);
}

export interface ChartPoint {
  /** Position of the assessment in the list (oldest 0). */
  index: number;
  x: number;
  y: number;
  value: number;
}

export interface TrendChartGeometry {
  width: number;
  height: number;
  /** Horizontal grid lines at each whole score, with the labels shown at 0, 2 and 4. */
  gridLines: { value: number; y: number; label: string | null }[];
  plotLeft: number;
  plotRight: number;
  /** The line through the scores; a missing score breaks it (a new "M"). Empty with no score. */
  linePath: string;
  /** The area between the line and the bottom of the plot, per unbroken run of scores. */
  areaPath: string;
  points: ChartPoint[];
}

const round = (n: number) => Math.round(n * 10) / 10;
const clamp = (value: number) => Math.min(SCORE_MAX, Math.max(SCORE_MIN, value));

/** The x of the i-th of n evenly spaced assessments: a single one sits in the middle. */
export function xPositions(count: number, left: number, right: number): number[] {
  if (count <= 0) return [];
  if (count === 1) return [round((left + right) / 2)];
  const x = linearScale([0, count - 1], [left, right]);
  return Array.from({ length: count }, (_, i) => round(x(i)));
}

/**
 * The newest assessment's value: the one "Latest" shows and the chart marks. Null (shown as "–")
 * when that assessment has no score for the measure, never an older assessment's value.
 */
export function latestValue(values: readonly (number | null)[]): number | null {
  const last = values.at(-1);
  return typeof last === 'number' && Number.isFinite(last) ? last : null;
}

/** The index of the newest assessment, whose point the chart marks (when it has a score). */
export const latestIndex = (values: readonly unknown[]): number => values.length - 1;

export function trendChartGeometry(values: readonly (number | null)[], box: ChartBox = DEFAULT_BOX): TrendChartGeometry {
  const { width, height, padding } = box;
  const plotLeft = padding.left;
  const plotRight = width - padding.right;
  const top = padding.top;
  const bottom = height - padding.bottom;
  const y = linearScale([SCORE_MIN, SCORE_MAX], [bottom, top]);
  const xs = xPositions(values.length, plotLeft, plotRight);

  const points: ChartPoint[] = [];
  const runs: ChartPoint[][] = [];
  let run: ChartPoint[] = [];
  values.forEach((value, index) => {
    if (value === null || !Number.isFinite(value)) {
      if (run.length > 0) runs.push(run);
      run = [];
      return;
    }
    const point = { index, x: xs[index] ?? plotLeft, y: round(y(clamp(value))), value };
    points.push(point);
    run.push(point);
  });
  if (run.length > 0) runs.push(run);

  const linePath = runs.map((r) => r.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ')).join(' ');
  const base = round(bottom);
  const areaPath = runs
    .filter((r) => r.length > 1)
    .map((r) => `M${r[0]!.x} ${base} ${r.map((p) => `L${p.x} ${p.y}`).join(' ')} L${r[r.length - 1]!.x} ${base} Z`)
    .join(' ');

  const gridLines = [0, 1, 2, 3, 4].map((value) => ({ value, y: round(y(value)), label: value % 2 === 0 ? String(value) : null }));
  return { width, height, gridLines, plotLeft, plotRight, linePath, areaPath, points };
}
