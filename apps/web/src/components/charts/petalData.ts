/**
 * Validation and normalisation of lotus chart data (spec 01 §3, §5). The API sends
 * loosely typed JSON; everything the SVG needs (labels, shades, clamped values) is
 * worked out here as pure functions so it can be unit-tested without a DOM.
 */
import { RESPONSE_LABELS } from '@bloom/contracts/constants';
import { shadeIndex, type ShadeIndex, type ShadeList } from './domainShades';
import { shadesForPetal } from './petalColours';
import type { PetalChartItem } from './types';

export const EIGHT_PETAL_COUNT = 8;
export const FOUR_PETAL_COUNT = 4;
/** Spec 01 §9: a missing wellspring value is shown as 2 ("Often"). */
export const DEFAULT_VALUE = 2;
export const WELLSPRINGS_PER_PETAL = 3;

/** Bands from the centre outwards. */
export const BANDS = ['inner', 'middle', 'outer'] as const;
export type Band = (typeof BANDS)[number];
export type ResponseLabel = (typeof RESPONSE_LABELS)[number];

/**
 * Wellspring labels per petal in the order the server sends them (the content order
 * of DESIGN §2; the spec's label table lists the same names, not an order).
 */
export const BUILT_IN_WELLSPRING_LABELS: Readonly<Record<string, readonly string[]>> = {
  Body: ['Rest', 'Nourish', 'Move'],
  Mind: ['Create', 'Savor', 'Reflect'],
  Connection: ['Join', 'Bond', 'Love'],
  Purpose: ['Be Kind', 'Serve', 'Provide'],
  Openness: ['Adventurous', 'Harmonious', 'Trust'],
  Wellness: ['Vital', 'Satisfied', 'Peace'],
  Significance: ['Proud', 'Belonging', 'Loved'],
  Efficacy: ['Capable', 'Considerate', 'Caring'],
};

export interface NormalisedBand {
  band: Band;
  /** Clamped to 0..4. */
  value: number;
  shade: ShadeIndex;
  label: ResponseLabel;
}

export interface NormalisedWellspring {
  label: string;
  /** Safe icon file name, or null when absent or not a plain asset name. */
  icon: string | null;
  /** inner, middle, outer. */
  bands: readonly [NormalisedBand, NormalisedBand, NormalisedBand];
}

export interface NormalisedPetal {
  id: string;
  name: string;
  shades: ShadeList;
  wellsprings: readonly NormalisedWellspring[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isWellspring(value: unknown): boolean {
  return isRecord(value) && BANDS.every((band) => isRecord(value[band]));
}

/** A petal item the chart can draw: an id and exactly three wellsprings with all bands. */
export function isPetalItem(value: unknown): value is PetalChartItem {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    value.id.length > 0 &&
    Array.isArray(value.wellsprings) &&
    value.wellsprings.length === WELLSPRINGS_PER_PETAL &&
    value.wellsprings.every(isWellspring)
  );
}

/** Spec 01 §5: the chart draws only when exactly `count` well-formed items arrive. */
export function isPetalList(data: unknown, count: number): data is PetalChartItem[] {
  return Array.isArray(data) && data.length === count && data.every(isPetalItem);
}

/** A 0..4 value from whatever the API sent; non-numbers become the default 2. */
export function chartValue(raw: unknown): number {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return DEFAULT_VALUE;
  return Math.min(4, Math.max(0, raw));
}

/** Response label of a value, using the same thresholds as the shading. */
export function responseLabelOf(value: number): ResponseLabel {
  return RESPONSE_LABELS[shadeIndex(value)];
}

/** "2" for whole numbers, "2.3" otherwise (averages are shown with one decimal). */
export function formatValue(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

const ICON_FILE = /^[a-z0-9][a-z0-9-]*\.(svg|png|jpg|jpeg|webp)$/;
/** Only plain asset names become URLs, so data can never point the chart elsewhere. */
export function safeIconName(raw: unknown): string | null {
  return typeof raw === 'string' && ICON_FILE.test(raw) ? raw : null;
}

/** "BeKind" → "Be Kind": identifiers from the API read as labels. */
export function humaniseName(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').trim();
}

function wellspringLabel(item: PetalChartItem, index: number): string {
  const explicit = item.wellspringNames?.[index];
  if (typeof explicit === 'string' && explicit.trim()) return explicit.trim();
  const ws = item.wellsprings[index];
  const fromData = ws?.outer.wellspringName ?? ws?.middle.wellspringName ?? ws?.inner.wellspringName;
  if (typeof fromData === 'string' && fromData.trim()) return humaniseName(fromData.trim());
  return BUILT_IN_WELLSPRING_LABELS[item.id]?.[index] ?? `Wellspring ${index + 1}`;
}

/** Everything the SVG and the accessible table need about one petal. */
export function normalisePetal(item: PetalChartItem): NormalisedPetal {
  const name = typeof item.displayName === 'string' && item.displayName.trim() ? item.displayName.trim() : item.id;
  return {
    id: item.id,
    name,
    shades: shadesForPetal(item.id, item.colour),
    wellsprings: item.wellsprings.map((ws, index) => {
      const band = (key: Band): NormalisedBand => {
        const value = chartValue(ws[key].value);
        return { band: key, value, shade: shadeIndex(value), label: responseLabelOf(value) };
      };
      return {
        label: wellspringLabel(item, index),
        icon: safeIconName(ws.outer.icon) ?? safeIconName(ws.middle.icon) ?? safeIconName(ws.inner.icon),
        bands: [band('inner'), band('middle'), band('outer')] as const,
      };
    }),
  };
}
