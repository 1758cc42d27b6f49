/**
 * The app's dates as a person reads them (spec 01 §9: "The date helper formats en-US long dates
 * (month name, day, year)", in UTC): written out here, not imported, so a test checks the app.
 */
const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Today, as the app writes it: "November 26, 2026". */
export const longDateToday = (): string => LONG_DATE.format(new Date());

/** Any en-US long date, as a pattern to put inside another: "November 26, 2026", never "Nov 26, 2026". */
export const LONG_DATE_PATTERN = '(?:January|February|March|April|May|June|July|August|September|October|November|December) \\d{1,2}, \\d{4}';
