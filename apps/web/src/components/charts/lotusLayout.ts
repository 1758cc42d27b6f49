/**
 * Sizes of the lotus drawings for a given pixel width. The SVG is drawn in real pixels
 * (not a scaled viewBox) so label text keeps a readable size on the 200 px chart.
 */
import {
  bandRadii,
  FLOWER_PROFILE,
  halfWidthAtRadius,
  petalOutline,
  SINGLE_PROFILE,
  type PetalOutline,
} from './lotusGeometry';

/** Rough advance width of a character as a share of the font size (system sans-serif). */
const CHAR_WIDTH = 0.58;

export function estimateTextWidth(text: string, fontSize: number): number {
  return text.length * CHAR_WIDTH * fontSize;
}

/** The font size at which `text` fits `maxWidth`, never above `fontSize`. */
export function fittedFontSize(text: string, fontSize: number, maxWidth: number): number {
  const needed = estimateTextWidth(text, fontSize);
  return needed <= maxWidth ? fontSize : Math.max(8, Math.floor((fontSize * maxWidth * 10) / needed) / 10);
}

/** Label font size per chart width (450 / 355 / 260 / 200). */
export function labelFontSize(width: number): number {
  if (width >= 450) return 15;
  if (width >= 355) return 13.5;
  if (width >= 260) return 12;
  return 11;
}

export interface IconBadge {
  /** Diameter of the white disc behind the icon. */
  readonly diameter: number;
  /** Distance of the badge centre from the flower centre. */
  readonly radius: number;
}

export interface FlowerLayout {
  readonly size: number;
  readonly centre: number;
  readonly fontSize: number;
  readonly outline: PetalOutline;
  readonly bands: readonly [number, number, number, number];
  readonly discRadius: number;
  /** Baseline radius of labels on the upper and lower half (glyphs face outwards). */
  readonly labelRadiusUpper: number;
  readonly labelRadiusLower: number;
  /** Degrees either side of a petal's axis its label arc spans. */
  readonly labelHalfSpan: number;
  /** Arc length a petal name may use before its font shrinks. */
  readonly labelRoom: number;
  /** Icon badges inside the segments, or null where they would not fit. */
  readonly badge: IconBadge | null;
}

/** Badges smaller than this would make the icons unreadable, so none are drawn. */
export const MIN_BADGE = 15;
const MAX_BADGE = 22;

/** Layout of an eight- or four-petal flower at `size` px square. */
export function flowerLayout(size: number, petalCount: number): FlowerLayout {
  const fontSize = labelFontSize(size);
  const gap = Math.max(3, size * 0.012);
  const tip = size / 2 - 2 - fontSize * 0.95 - gap;
  const slot = 360 / petalCount;
  const outline = petalOutline({
    baseRadius: tip * (petalCount > 4 ? 0.12 : 0.1),
    tipRadius: tip,
    // Neighbours keep a small gap; four petals stop short of a round blob.
    maxHalfAngle: Math.min(slot / 2 - 1.5, 40),
    maxHalfWidth: tip * 0.3,
    profile: petalCount > 4 ? FLOWER_PROFILE : SINGLE_PROFILE,
  });
  const bands = bandRadii(outline);
  const badgeRadius = (bands[1] + bands[2]) / 2;
  const segmentWidth = (2 * halfWidthAtRadius(outline, badgeRadius)) / 3;
  const diameter = Math.min(MAX_BADGE, Math.floor(segmentWidth * 0.72));
  const labelRadius = tip + gap;
  return {
    size,
    centre: size / 2,
    fontSize,
    outline,
    bands,
    discRadius: bands[0] * 1.35,
    labelRadiusUpper: labelRadius + fontSize * 0.2,
    labelRadiusLower: labelRadius + fontSize * 0.72,
    labelHalfSpan: Math.min(85, slot),
    labelRoom: ((slot * Math.PI) / 180) * labelRadius * 1.25,
    badge: diameter >= MIN_BADGE ? { diameter, radius: badgeRadius } : null,
  };
}

export interface SinglePetalLayout {
  readonly width: number;
  readonly height: number;
  readonly fontSize: number;
  /** Flower centre (below the petal's base; the bands are rings around it). */
  readonly cx: number;
  readonly cy: number;
  readonly outline: PetalOutline;
  readonly bands: readonly [number, number, number, number];
  readonly nameY: number;
  readonly legendIconY: number;
  readonly legendTextY: number;
  readonly legendIconSize: number;
  /** Horizontal centres of the three wellspring labels, left to right. */
  readonly columns: readonly number[];
  readonly columnWidth: number;
  readonly badge: IconBadge | null;
}

/** Layout of one large upright petal with its name above and wellspring labels below. */
export function singlePetalLayout(width: number): SinglePetalLayout {
  const fontSize = labelFontSize(width);
  const height = Math.round(width * 1.12);
  const gap = Math.max(4, width * 0.02);
  const nameY = fontSize * 1.2;
  const legendIconSize = Math.round(fontSize * 1.7);
  const legendTextY = height - fontSize * 0.35;
  const legendIconY = legendTextY - fontSize * 1.15 - legendIconSize;
  const petalTop = nameY + gap * 1.5;
  const petalBottom = legendIconY - gap * 1.5;
  const baseShare = 0.14;
  // The base sits at baseShare of the tip radius above the flower centre.
  const tip = (petalBottom - petalTop) / (1 - baseShare);
  const cy = petalTop + tip;
  const outline = petalOutline({
    baseRadius: tip * baseShare,
    tipRadius: tip,
    maxHalfAngle: 60,
    maxHalfWidth: Math.min(width * 0.3, tip * 0.34),
    profile: SINGLE_PROFILE,
  });
  const bands = bandRadii(outline);
  const badgeRadius = (bands[1] + bands[2]) / 2;
  const segmentWidth = (2 * halfWidthAtRadius(outline, badgeRadius)) / 3;
  const diameter = Math.min(MAX_BADGE + 8, Math.floor(segmentWidth * 0.62));
  const columnWidth = width / 3;
  return {
    width,
    height,
    fontSize,
    cx: width / 2,
    cy,
    outline,
    bands,
    nameY,
    legendIconY,
    legendTextY,
    legendIconSize,
    columns: [columnWidth / 2, width / 2, width - columnWidth / 2],
    columnWidth,
    badge: diameter >= MIN_BADGE ? { diameter, radius: badgeRadius } : null,
  };
}
