import { describe, expect, it } from 'vitest';
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
