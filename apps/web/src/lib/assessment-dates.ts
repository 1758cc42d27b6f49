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

const formatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat; seconds: Intl.DateTimeFormat; day: Intl.DateTimeFormat }>();

function formattersFor(timeZone: string | undefined) {
  const key = timeZone ?? '';
  let entry = formatters.get(key);
  if (!entry) {
    entry = {
      date: new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone }),
      time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }),
      seconds: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone }),
      // A sortable calendar-day key: "2026-03-05".
      day: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }),
    };
    formatters.set(key, entry);
  }
  return entry;
}

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "March 5, 2026" in the reader's time zone; "" for a missing or invalid date. */
export function formatAssessmentDate(iso: string, timeZone?: string): string {
  const date = parse(iso);
  return date ? formattersFor(timeZone).date.format(date) : '';
}

/** "2:05 PM" in the reader's time zone; "" for a missing or invalid date. */
export function formatAssessmentTime(iso: string, timeZone?: string): string {
  const date = parse(iso);
  return date ? formattersFor(timeZone).time.format(date) : '';
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
  return date ? formattersFor(timeZone).day.format(date) : '';
}

/** How finely a label gives the moment: the day, the minute, or the second. */
export type LabelPrecision = 'day' | 'minute' | 'second';

const PRECISIONS: readonly LabelPrecision[] = ['day', 'minute', 'second'];

function labelAt(iso: string, precision: LabelPrecision, timeZone: string | undefined): string {
  if (precision === 'day') return formatAssessmentDate(iso, timeZone);
  if (precision === 'minute') return formatAssessmentDateTime(iso, timeZone);
  const date = parse(iso);
  return date ? `${formatAssessmentDate(iso, timeZone)}, ${formattersFor(timeZone).seconds.format(date)}` : '';
}

/**
 * A label per assessment, in the order given, that no other assessment of the list shares: the
 * date (or, from `coarsest` 'minute', the date and time), then finer only where needed: the time
 * when another falls on the same day, the seconds when another falls in the same minute. Two
 * in the same second are numbered oldest first.
 */
export function assessmentLabels(dates: readonly string[], timeZone?: string, coarsest: LabelPrecision = 'day'): string[] {
  const usable = PRECISIONS.slice(PRECISIONS.indexOf(coarsest));
  const byPrecision = usable.map((precision) => {
    const labels = dates.map((iso) => labelAt(iso, precision, timeZone));
    const count = new Map<string, number>();
    for (const label of labels) count.set(label, (count.get(label) ?? 0) + 1);
    return { labels, count };
  });
  // Numbered oldest first whatever order the list is in (the dashboard's newest first, /Progress's
  // oldest first), so "(1)" is the same assessment on every screen.
  const chronological = dates.map((iso, index) => ({ iso, index })).sort((a, b) => a.iso.localeCompare(b.iso) || a.index - b.index);
  const nthOf = new Map<number, number>();
  const seen = new Map<string, number>();
  for (const { index } of chronological) {
    const finest = byPrecision.at(-1)?.labels[index] ?? '';
    const nth = (seen.get(finest) ?? 0) + 1;
    seen.set(finest, nth);
    nthOf.set(index, nth);
  }
  return dates.map((_, index) => {
    for (const { labels, count } of byPrecision) {
      const label = labels[index] ?? '';
      if ((count.get(label) ?? 0) <= 1) return label;
    }
    return `${byPrecision.at(-1)?.labels[index] ?? ''} (${nthOf.get(index)})`;
  });
}
