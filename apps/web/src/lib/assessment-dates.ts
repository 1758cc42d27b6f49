/**
 * The web app's one date helper (spec 01 §9: en-US long dates), for every date a page shows: the
 * reader's own time zone, so one assessment has one date on the dashboard, the report, the coach's
 * rows and the progress pages (a review found the report and the coach's rows in UTC while the
 * dashboard's list was local: an evening's assessment in America had two dates). Mail, which knows
 * no reader's zone, keeps the domain's UTC `formatLongDate`.
 *
 * Dates and times of assessments on the progress pages (issue 26). A person may take two
 * assessments on one day, or even within a minute, so a date alone cannot tell them apart: the
 * table always shows the time, and short labels (chart descriptions, "since …") add it when
 * another assessment shares the day; seconds are added when two share the minute. Times are
 * shown in the reader's own time zone, the one their clock shows; `timeZone` fixes it for tests.
 */

import { byCodeUnits } from './by-code-units';

/**
 * Each Intl formatter is made on its first use: making one costs far more than formatting with
 * it, and most pages need the date alone. The coach dashboard made all four for every client row.
 */
const FORMATS = {
  date: ['en-US', { month: 'long', day: 'numeric', year: 'numeric' }],
  time: ['en-US', { hour: 'numeric', minute: '2-digit' }],
  seconds: ['en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' }],
  // A sortable calendar-day key: "2026-03-05".
  day: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: keyof typeof FORMATS, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    const [locale, options] = FORMATS[kind];
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, made);
  }
  return made;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The date and the day key in the reader's own zone are written by hand from the Date's local
 * fields, which are the ones Intl would give (assessment-dates.test.ts compares them): a page's
 * first Intl formatter loads ICU's data, 25–40 ms on a slow phone's main thread (×4 in
 * Lighthouse's mobile run), where reading the local fields costs nothing. A named zone (tests,
 * and nothing else today) goes through Intl.
 */
function formatDate(date: Date, timeZone: string | undefined): string {
  return timeZone === undefined ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : formatter('date', timeZone).format(date);
}

function formatDay(date: Date, timeZone: string | undefined): string {
  return timeZone === undefined ? `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}` : formatter('day', timeZone).format(date);
}

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "March 5, 2026" in the reader's time zone; "" for a missing or invalid date. */
export function formatAssessmentDate(iso: string, timeZone?: string): string {
  const date = parse(iso);
  return date ? formatDate(date, timeZone) : '';
}

/** "2:05 PM" in the reader's time zone; "" for a missing or invalid date. */
export function formatAssessmentTime(iso: string, timeZone?: string): string {
  const date = parse(iso);
  return date ? formatter('time', timeZone).format(date) : '';
}

/** "March 5, 2026, 2:05 PM": what the progress table shows for every assessment. */
export function formatAssessmentDateTime(iso: string, timeZone?: string): string {
  const date = formatAssessmentDate(iso, timeZone);
  const time = formatAssessmentTime(iso, timeZone);
  return date && time ? `${date}, ${time}` : date;
}

/** The calendar day of a moment in the reader's time zone ("2026-03-05"), "" when invalid. */
export function calendarDay(iso: string, timeZone?: string): string {
  const date = parse(iso);
  return date ? formatDay(date, timeZone) : '';
}

/** How finely a label gives the moment: the day, the minute, or the second. */
export type LabelPrecision = 'day' | 'minute' | 'second';

const PRECISIONS: readonly LabelPrecision[] = ['day', 'minute', 'second'];

function labelAt(iso: string, precision: LabelPrecision, timeZone: string | undefined): string {
  if (precision === 'day') return formatAssessmentDate(iso, timeZone);
  if (precision === 'minute') return formatAssessmentDateTime(iso, timeZone);
  const date = parse(iso);
  return date ? `${formatAssessmentDate(iso, timeZone)}, ${formatter('seconds', timeZone).format(date)}` : '';
}

/**
 * A label per assessment, in the order given, that no other assessment of the list shares: the
 * date (or, from `coarsest` 'minute', the date and time), then finer only where needed: the time
 * when another falls on the same day, the seconds when another falls in the same minute. Two
 * in the same second are numbered oldest first.
 *
 * A finer label is worked out only for the assessments whose coarser one is shared: a label is
 * unique or not among those alone, since two finer labels that match have matching coarser ones.
 */
export function assessmentLabels(dates: readonly string[], timeZone?: string, coarsest: LabelPrecision = 'day'): string[] {
  const labels: string[] = dates.map(() => '');
  let shared = dates.map((_, index) => index);
  for (const precision of PRECISIONS.slice(PRECISIONS.indexOf(coarsest))) {
    const count = new Map<string, number>();
    for (const index of shared) {
      const label = labelAt(dates[index]!, precision, timeZone);
      labels[index] = label;
      count.set(label, (count.get(label) ?? 0) + 1);
    }
    shared = shared.filter((index) => count.get(labels[index]!)! > 1);
    if (shared.length === 0) return labels;
  }
  // Still shared at the second: numbered oldest first whatever order the list is in (the
  // dashboard's newest first, /Progress's oldest first), so "(1)" is the same assessment on every screen.
  const chronological = [...shared].sort((a, b) => byCodeUnits(dates[a]!, dates[b]!) || a - b);
  const seen = new Map<string, number>();
  for (const index of chronological) {
    const finest = labels[index]!;
    const nth = (seen.get(finest) ?? 0) + 1;
    seen.set(finest, nth);
    labels[index] = `${finest} (${nth})`;
  }
  return labels;
}
