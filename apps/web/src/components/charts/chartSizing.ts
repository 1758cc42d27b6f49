/**
 * Chart sizes chosen from the width of the chart's container (spec 01 §9, spec 02 §9).
 * The container is measured with a ResizeObserver, so a chart in a narrow column gets
 * the small size even on a wide screen.
 */

/** Lotus chart width: 450 by default, 355 below 768, 260 below 480, 200 below 320. */
export const LOTUS_WIDTHS = [
  { below: 320, width: 200 },
  { below: 480, width: 260 },
  { below: 768, width: 355 },
] as const;
export const DEFAULT_LOTUS_WIDTH = 450;

export function lotusWidthForContainer(containerWidth: number | null): number {
  if (containerWidth === null || !Number.isFinite(containerWidth)) return DEFAULT_LOTUS_WIDTH;
  return LOTUS_WIDTHS.find((step) => containerWidth < step.below)?.width ?? DEFAULT_LOTUS_WIDTH;
}

export interface ChartSize {
  width: number;
  height: number;
}
export type ReportChartKind = 'energy' | 'mindset' | 'resilience';

/** Below this container width the report charts use their small size. */
export const REPORT_BREAKPOINT = 640;

const REPORT_SIZES: Readonly<Record<ReportChartKind, { small: ChartSize; large: ChartSize }>> = {
  energy: { small: { width: 400, height: 300 }, large: { width: 500, height: 400 } },
  mindset: { small: { width: 350, height: 300 }, large: { width: 450, height: 400 } },
  resilience: { small: { width: 380, height: 300 }, large: { width: 500, height: 400 } },
};

/** Report chart size: the large one unless the container is measured below 640 px. */
export function reportChartSize(kind: ReportChartKind, containerWidth: number | null): ChartSize {
  const sizes = REPORT_SIZES[kind];
  return containerWidth !== null && containerWidth < REPORT_BREAKPOINT ? sizes.small : sizes.large;
}
