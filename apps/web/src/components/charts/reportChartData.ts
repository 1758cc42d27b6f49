/**
 * Pure helpers of the profile-report charts (spec 02 §3, §5, §9): validation, the
 * derived "Overall Energy" item, value formats and axis ticks.
 */
import type { EnergyChartItem, ReportChartItem } from './types';

export { responseColour } from './domainShades';

/** Spec 02 §5 / §8. */
export const NO_VALID_DATA_TEXT = 'No valid data available';

export const ENERGY_LEVEL_NAMES = ['Calm', 'Aware', 'Active'] as const;
export const ACTIVITY_RANGE = 'Activity Range';
export const EXCITEMENT_RANGE = 'Excitement Range';
export const OVERALL_ENERGY = 'Overall Energy';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Chart data is usable when it is a non-empty list whose every item has a category and
 * a values array (spec 02 §5); values must also be finite numbers, since anything else
 * cannot be drawn honestly.
 */
export function isValidReportData(data: unknown): data is ReportChartItem[] {
  return (
    Array.isArray(data) &&
    data.length > 0 &&
    data.every(
      (item) =>
        isRecord(item) &&
        typeof item.category === 'string' &&
        Array.isArray(item.values) &&
        item.values.every((v) => typeof v === 'number' && Number.isFinite(v)),
    )
  );
}

/** Energy items additionally carry exactly three values: calm, aware, active. */
export function isValidEnergyData(data: unknown): data is EnergyChartItem[] {
  return isValidReportData(data) && data.every((item) => item.values.length === ENERGY_LEVEL_NAMES.length);
}

/**
 * Appends "Overall Energy" (the average of the two ranges per position, spec 02 §3)
 * when both ranges are present and the server did not already send it.
 */
export function withOverallEnergy(items: readonly EnergyChartItem[]): EnergyChartItem[] {
  const activity = items.find((item) => item.category === ACTIVITY_RANGE);
  const excitement = items.find((item) => item.category === EXCITEMENT_RANGE);
  if (!activity || !excitement || items.some((item) => item.category === OVERALL_ENERGY)) return [...items];
  return [
    ...items,
    {
      category: OVERALL_ENERGY,
      values: activity.values.map((value, i) => (value + (excitement.values[i] ?? value)) / 2),
      subCategories: activity.subCategories ?? [...ENERGY_LEVEL_NAMES],
    },
  ];
}

/** A 0..4 score as a percent of the scale: value × 25 (4 = 100 %). */
export function scalePercent(value: number): number {
  return Math.min(4, Math.max(0, value)) * 25;
}

/** Scores show two decimals (spec 02 §9). */
export const formatScore = (value: number): string => value.toFixed(2);
/** Percentages are rounded to whole numbers (spec 01 §9, spec 02 §9). */
export const formatPercent = (value: number): string => `${Math.round(value)}%`;

/** Label of value `index` of an item: its sub-category, else a fallback. */
export function subCategoryLabel(item: ReportChartItem, index: number, fallback?: readonly string[]): string {
  const label = item.subCategories?.[index];
  if (typeof label === 'string' && label.trim()) return label.trim();
  return fallback?.[index] ?? `Value ${index + 1}`;
}

/** Evenly spaced axis ticks from 0 to max inclusive. */
export function axisTicks(max: number, step: number): number[] {
  const count = Math.floor(max / step + 1e-9);
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}
