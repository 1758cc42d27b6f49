/**
 * Which five shades a petal is painted with. The bundled palette (hand-tuned for text
 * contrast) wins whenever it knows the petal and the server sent no other colour; a
 * colour the palette does not know gets a derived ramp so the chart still reads
 * "darker = more often".
 */
import { DARK_TEXT, defaultPalette, mixHex, type ShadeList } from './domainShades';

const HEX = /^#[0-9a-f]{6}$/i;
/** Neutral slate used when neither the item nor the palette names a colour. */
export const NEUTRAL_COLOUR = '#64748b';

export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

export { mixHex };

/**
 * Five shades from one base colour: three tints towards white, then two shades towards
 * black, so shade 4 stays dark enough for an outline against a light page.
 */
export function deriveShades(base: string): ShadeList {
  return [
    mixHex('#ffffff', base, 0.16),
    mixHex('#ffffff', base, 0.4),
    mixHex('#ffffff', base, 0.75),
    mixHex(base, '#000000', 0.3),
    mixHex(base, '#000000', 0.55),
  ];
}

/** Shades of a base colour: the palette's hand-tuned ones when it is a petal colour. */
export function shadesForColour(colour: string): ShadeList {
  const known = Object.values(defaultPalette).find((entry) => entry.colour.toLowerCase() === colour.toLowerCase());
  return known ? known.shades : deriveShades(colour);
}

/** The shades of a petal by id and optional colour from the API. */
export function shadesForPetal(id: string, colour?: string): ShadeList {
  if (isHexColour(colour)) return shadesForColour(colour);
  const known = defaultPalette[id];
  return known ? known.shades : deriveShades(NEUTRAL_COLOUR);
}

/** Colour of the petal's name label: its deepest shade (AA on a light page), else body text. */
export function labelColour(shades: ShadeList): string {
  return shades[4] ?? DARK_TEXT;
}
