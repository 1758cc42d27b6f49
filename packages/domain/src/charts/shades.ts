/**
 * Shade helpers for the lotus charts. Browser-safe: imports only the tiny palette file,
 * never the content pack, so the web app can use it without pulling in every text.
 */
import palette from './palette.json';
import { readableTextColour } from './colour';

export { contrastRatio, readableTextColour, DARK_TEXT, LIGHT_TEXT } from './colour';

/** The five shades of one petal colour, 0 palest to 4 deepest. */
export type ShadeList = readonly [string, string, string, string, string];
export interface PetalColour {
  readonly colour: string;
  readonly shades: ShadeList;
}
/** Petal name → its colour and shades. */
export type Palette = Readonly<Record<string, PetalColour>>;

/** The bundled palette of the ten petals. */
export const defaultPalette: Palette = palette.petals as unknown as Palette;

/** Upper bounds of shades 0..3 (spec 01 §9); anything at or above 3.5 is shade 4. */
export const SHADE_THRESHOLDS = [0.5, 1.5, 2.5, 3.5] as const;
export type ShadeIndex = 0 | 1 | 2 | 3 | 4;

/** Shade index of a 0..4 value: v < 0.5 → 0, < 1.5 → 1, < 2.5 → 2, < 3.5 → 3, else 4. */
export function shadeIndex(value: number): ShadeIndex {
  if (value < 0.5) return 0;
  if (value < 1.5) return 1;
  if (value < 2.5) return 2;
  if (value < 3.5) return 3;
  return 4;
}

/** Fill colour for a petal entry with this value. Unknown petals throw (a bug, not data). */
export function shadeColour(petal: string, value: number, colours: Palette = defaultPalette): string {
  const entry = colours[petal];
  if (!entry) throw new Error(`No colour for petal "${petal}"`);
  return entry.shades[shadeIndex(value)];
}

/** Text colour that stays readable on top of `shadeColour(petal, value)`. */
export function shadeTextColour(petal: string, value: number, colours: Palette = defaultPalette): string {
  return readableTextColour(shadeColour(petal, value, colours));
}

/**
 * Response colour scale of the coach tables (spec 02 §9): 0..2 runs orange → pale,
 * 2..4 runs pale → blue, interpolated linearly in sRGB.
 */
export const RESPONSE_SCALE_STOPS = { low: '#f08a24', mid: '#f7f4ee', high: '#3b7dd8' } as const;

export function responseColour(value: number): string {
  const v = Math.min(4, Math.max(0, value));
  return v <= 2
    ? mixHex(RESPONSE_SCALE_STOPS.low, RESPONSE_SCALE_STOPS.mid, v / 2)
    : mixHex(RESPONSE_SCALE_STOPS.mid, RESPONSE_SCALE_STOPS.high, (v - 2) / 2);
}

/** Linear sRGB mix of two "#rrggbb" colours; t = 0 gives `from`, 1 gives `to`. */
export function mixHex(from: string, to: string, t: number): string {
  const a = Number.parseInt(from.slice(1), 16);
  const b = Number.parseInt(to.slice(1), 16);
  const channel = (shift: number) => {
    const x = (a >> shift) & 255;
    const y = (b >> shift) & 255;
    return Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}
