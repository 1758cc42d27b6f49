/**
 * The app's dates as a person reads them (spec 01 §9: "The date helper formats en-US long dates
 * (month name, day, year)", in the reader's time zone; the browser tests' is UTC (timezoneId in playwright.config.ts) unless a test
 * names another): written out here, not imported, so a test checks the app.
 */
const longDateIn = (timeZone: string) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone });

/** Today, as the app writes it: "November 26, 2026". */
export const longDateToday = (timeZone = 'UTC'): string => longDateIn(timeZone).format(new Date());

/**
 * A time zone whose calendar day differs from UTC's right now (UTC+14 from 10:00 UTC, UTC−11
 * before 11:00 UTC), so a date shown in UTC instead of the reader's zone is caught whenever the test runs.
 */
export const zoneOnAnotherDay = (): string => (new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago');

/** Any en-US long date, as a pattern to put inside another: "November 26, 2026", never "Nov 26, 2026". */
export const LONG_DATE_PATTERN = '(?:January|February|March|April|May|June|July|August|September|October|November|December) \\d{1,2}, \\d{4}';
