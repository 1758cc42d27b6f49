/** en-US long dates ("March 5, 2026"), always in UTC so server and browser agree. */

/**
 * Made on the first date formatted, not when the module loads: the first Intl formatter of a
 * process pages in ICU's code and data (about 15 MB of a server's resident memory on Node 24),
 * and the server formats dates only on receipts (issue 28 part 4).
 */
let longDate: Intl.DateTimeFormat | undefined;

/**
 * Formats an ISO string or Date as an en-US long date in UTC. A date-only string
 * ("2026-03-05") is read as that calendar day. Returns "" for a missing or invalid date
 * (a report header should never crash on one).
 */
export function formatLongDate(isoOrDate: string | Date | null | undefined): string {
  if (isoOrDate === null || isoOrDate === undefined || isoOrDate === '') return '';
  const date = isoOrDate instanceof Date ? isoOrDate : new Date(isoOrDate);
  return Number.isNaN(date.getTime()) ? '' : (longDate ??= new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })).format(date);
}
