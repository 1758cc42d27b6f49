/**
 * Formatting the instrument statistics (DESIGN §15): a figure resting on fewer than 30 people
 * comes from the server as null, and reads "not enough data", never as a number.
 */
import { formatCount } from '@bloom/domain/format';

export const NOT_ENOUGH_DATA = 'not enough data';

/** A figure with `digits` decimals, or "not enough data" when the server withheld it. */
export function formatFigure(value: number | null, enoughData: boolean, digits = 2): string {
  if (!enoughData || value === null || !Number.isFinite(value)) return NOT_ENOUGH_DATA;
  return value.toFixed(digits);
}

/** A people count: "1,234". */
export const formatN = (n: number): string => formatCount(n);

/** A figure the server always sends (the reliability in use), or a dash when unknown. */
export const formatKnown = (value: number | null, digits = 2): string => (value === null || !Number.isFinite(value) ? '–' : value.toFixed(digits));
