/**
 * Formatting the instrument statistics (DESIGN §15): a figure resting on fewer than 30 people
 * comes from the server as null, and reads "not enough data", never as a number.
 */
import { formatCount } from '@bloom/domain/format';

export const NOT_ENOUGH_DATA = 'not enough data';
/** Enough people, but no figure: it divides by a spread that is zero (everyone gave the same answers). */
export const NO_VARIATION = 'none: everyone answered alike';

/**
 * A figure with `digits` decimals; "not enough data" when the server withheld it; or, when enough
 * people answered but the figure has no value (α or an item-total correlation without any spread
 * in the answers), says so rather than blaming the number of people.
 */
export function formatFigure(value: number | null, enoughData: boolean, digits = 2): string {
  if (!enoughData) return NOT_ENOUGH_DATA;
  if (value === null || !Number.isFinite(value)) return NO_VARIATION;
  return value.toFixed(digits);
}

/** A people count: "1,234". */
export const formatN = (n: number): string => formatCount(n);

/** A figure the server always sends (the reliability in use), or a dash when unknown. */
export const formatKnown = (value: number | null, digits = 2): string => (value === null || !Number.isFinite(value) ? '–' : value.toFixed(digits));
