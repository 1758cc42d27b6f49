import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { assessmentLabels, calendarDay, formatAssessmentDate, formatAssessmentDateTime, formatAssessmentTime } from './assessment-dates';

describe('assessment dates and times', () => {
  it('formats a date and a time in the given time zone', () => {
    expect(formatAssessmentDate('2026-03-05T14:05:00Z', 'UTC')).toBe('March 5, 2026');
    expect(formatAssessmentTime('2026-03-05T14:05:00Z', 'UTC')).toBe('2:05 PM');
    expect(formatAssessmentDateTime('2026-03-05T14:05:00Z', 'UTC')).toBe('March 5, 2026, 2:05 PM');
  });

  it('uses the reader’s day: late evening in New York is the next day in UTC', () => {
    expect(formatAssessmentDateTime('2026-03-06T02:30:00Z', 'America/New_York')).toBe('March 5, 2026, 9:30 PM');
    expect(calendarDay('2026-03-06T02:30:00Z', 'America/New_York')).toBe('2026-03-05');
    expect(calendarDay('2026-03-06T02:30:00Z', 'UTC')).toBe('2026-03-06');
  });

  it('gives "" for a missing or invalid date rather than "Invalid Date"', () => {
    expect(formatAssessmentDateTime('', 'UTC')).toBe('');
    expect(formatAssessmentDateTime('not a date', 'UTC')).toBe('');
    expect(calendarDay('nope', 'UTC')).toBe('');
  });

  it('labels same-day assessments with their time and others with the date only', () => {
    const labels = assessmentLabels(['2026-03-01T09:00:00Z', '2026-03-05T09:15:00Z', '2026-03-05T16:40:00Z', '2026-04-02T08:00:00Z'], 'UTC');
    expect(labels).toEqual(['March 1, 2026', 'March 5, 2026, 9:15 AM', 'March 5, 2026, 4:40 PM', 'April 2, 2026']);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('decides "same day" in the reader’s time zone', () => {
    // 23:30 and 00:30 UTC are two days in UTC but one evening in New York.
    const dates = ['2026-03-05T23:30:00Z', '2026-03-06T00:30:00Z'];
    expect(assessmentLabels(dates, 'UTC')).toEqual(['March 5, 2026', 'March 6, 2026']);
    expect(assessmentLabels(dates, 'America/New_York')).toEqual(['March 5, 2026, 6:30 PM', 'March 5, 2026, 7:30 PM']);
  });
});

describe('assessment labels within a minute', () => {
  it('adds the seconds when two share the minute, only to those two', () => {
    const dates = ['2026-03-05T09:15:03Z', '2026-03-05T09:15:41Z', '2026-03-05T16:40:00Z'];
    expect(assessmentLabels(dates, 'UTC')).toEqual(['March 5, 2026, 9:15:03 AM', 'March 5, 2026, 9:15:41 AM', 'March 5, 2026, 4:40 PM']);
  });

  it('gives the table (from minutes) a time for every row', () => {
    expect(assessmentLabels(['2026-03-01T09:00:00Z', '2026-04-02T08:00:00Z'], 'UTC', 'minute')).toEqual(['March 1, 2026, 9:00 AM', 'April 2, 2026, 8:00 AM']);
    expect(assessmentLabels(['2026-03-05T09:15:03Z', '2026-03-05T09:15:41Z'], 'UTC', 'minute')).toEqual(['March 5, 2026, 9:15:03 AM', 'March 5, 2026, 9:15:41 AM']);
  });

  it('numbers two in the same second, so no two labels read alike', () => {
    const labels = assessmentLabels(['2026-03-05T09:15:03.100Z', '2026-03-05T09:15:03.900Z'], 'UTC');
    expect(labels).toEqual(['March 5, 2026, 9:15:03 AM (1)', 'March 5, 2026, 9:15:03 AM (2)']);
    // Newest first (the dashboard's list): the same assessment keeps its number.
    expect(assessmentLabels(['2026-03-05T09:15:03.900Z', '2026-03-05T09:15:03.100Z'], 'UTC')).toEqual(['March 5, 2026, 9:15:03 AM (2)', 'March 5, 2026, 9:15:03 AM (1)']);
  });
});

/**
 * The labels as first written: every date formatted at every precision, each label taken at the
 * coarsest precision no other assessment shares. assessmentLabels now formats a finer label only
 * where the coarser one is shared; it must give the same labels.
 */
function labelsAtEveryPrecision(dates: readonly string[], timeZone: string, coarsest: 'day' | 'minute'): string[] {
  const label = (iso: string, precision: 'day' | 'minute' | 'second') => {
    if (precision === 'day') return formatAssessmentDate(iso, timeZone);
    if (precision === 'minute') return formatAssessmentDateTime(iso, timeZone);
    const date = formatAssessmentDate(iso, timeZone);
    return date && `${date}, ${new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone }).format(new Date(iso))}`;
  };
  const precisions = (['day', 'minute', 'second'] as const).slice(coarsest === 'day' ? 0 : 1);
  const byPrecision = precisions.map((precision) => dates.map((iso) => label(iso, precision)));
  const unique = (labels: string[], index: number) => labels.filter((other) => other === labels[index]).length <= 1;
  const chronological = dates.map((iso, index) => ({ iso, index })).sort((a, b) => a.iso.localeCompare(b.iso) || a.index - b.index);
  const finest = byPrecision.at(-1)!;
  return dates.map((_, index) => {
    const labels = byPrecision.find((candidate) => unique(candidate, index));
    if (labels) return labels[index]!;
    const nth = chronological.filter((entry) => finest[entry.index] === finest[index]).findIndex((entry) => entry.index === index) + 1;
    return `${finest[index]} (${nth})`;
  });
}

describe('assessment labels worked out only where needed', () => {
  it('gives the labels that formatting every date at every precision gives', () => {
    // Moments bunched into a few days, minutes and seconds, so that every precision is needed, plus invalid dates.
    const moment = fc.oneof(
      { weight: 9, arbitrary: fc.record({ day: fc.integer({ min: 1, max: 3 }), hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 2 }), second: fc.integer({ min: 0, max: 2 }), ms: fc.integer({ min: 0, max: 1 }) }).map(({ day, hour, minute, second, ms }) => `2026-03-0${day}T${String(hour).padStart(2, '0')}:0${minute}:0${second}.${ms}00Z`) },
      { weight: 1, arbitrary: fc.constantFrom('', 'not a date') },
    );
    fc.assert(
      fc.property(fc.array(moment, { maxLength: 12 }), fc.constantFrom('UTC', 'America/New_York', 'Asia/Kolkata'), fc.constantFrom('day' as const, 'minute' as const), (dates, timeZone, coarsest) => {
        expect(assessmentLabels(dates, timeZone, coarsest)).toEqual(labelsAtEveryPrecision(dates, timeZone, coarsest));
      }),
      { numRuns: 300 },
    );
  });
});

describe('dates in the reader’s own zone, written without Intl', () => {
  const savedZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = savedZone;
  });

  it('gives what Intl gives for the date and the day, in zones east and west, with half hours and daylight saving', () => {
    // Node applies a new TZ to Date and to Intl's default zone at once.
    for (const zone of ['UTC', 'America/New_York', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe', 'Pacific/Kiritimati']) {
      process.env.TZ = zone;
      const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
      const dayKey = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
      fc.assert(
        fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31) }), (ms) => {
          const iso = new Date(ms).toISOString();
          expect(formatAssessmentDate(iso)).toBe(longDate.format(ms));
          expect(calendarDay(iso)).toBe(dayKey.format(ms));
        }),
        { numRuns: 200 },
      );
    }
  });

  it('moves with the reader’s zone: the same moment is one day in New York and the next in Kolkata', () => {
    process.env.TZ = 'America/New_York';
    expect(formatAssessmentDate('2026-03-06T02:30:00Z')).toBe('March 5, 2026');
    expect(calendarDay('2026-03-06T02:30:00Z')).toBe('2026-03-05');
    process.env.TZ = 'Asia/Kolkata';
    expect(formatAssessmentDate('2026-03-05T20:00:00Z')).toBe('March 6, 2026');
    expect(calendarDay('2026-03-05T20:00:00Z')).toBe('2026-03-06');
  });
});
