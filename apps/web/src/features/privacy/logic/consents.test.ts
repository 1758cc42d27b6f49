import type { ConsentRecord } from '@bloom/contracts';
import { describe, expect, it } from 'vitest';
import { assessmentLabels } from '../../../lib/assessment-dates';
import { consentAssessmentLabels, describeActor, describeConsent, sortConsents } from './consents';

const base: ConsentRecord = {
  id: 'c1',
  kind: 'research',
  grantedAt: '2026-03-01T10:00:00.000Z',
  revokedAt: null,
  assessment: null,
  coach: null,
  revocable: true,
  grantedBy: null,
  revokedBy: null,
};

describe('consent descriptions', () => {
  it('names the coach, the assessment\'s kind and its date when known', () => {
    const record: ConsentRecord = { ...base, kind: 'coach_access', assessment: { id: 'a', date: '2026-03-05T12:00:00.000Z', isNinetyItem: false }, coach: { id: 'k', firstName: 'Casey', lastName: 'Coach' } };
    expect(describeConsent(record)).toBe('Casey Coach may see your Rapid assessment of March 5, 2026.');
    const professional = { ...record, assessment: { id: 'p', date: '2026-03-05T12:00:00.000Z', isNinetyItem: true } };
    expect(describeConsent(professional)).toBe('Casey Coach may see your Professional assessment of March 5, 2026.');
  });

  // A dates review (Pacific/Auckland): two Rapid assessments shared on one day gave two identical
  // lines, each Withdraw described by the same sentence, so nobody could tell which one it withdrew.
  describe('assessments of one day', () => {
    const zone = 'Pacific/Auckland';
    const coach = { id: 'k', firstName: 'Cora', lastName: 'Coach' };
    const shared = (id: string, date: string): ConsentRecord => ({ ...base, id: `c-${id}`, kind: 'coach_access', assessment: { id, date, isNinetyItem: false }, coach });
    // November 28, 2026 in Auckland: two in the same second (the review's case), one at 9:15 AM
    // not shared, and one of another day.
    const person = [
      { id: 'later', date: '2026-11-27T23:52:53.600Z' },
      { id: 'earlier', date: '2026-11-27T23:52:53.100Z' },
      { id: 'morning', date: '2026-11-27T20:15:00.000Z' },
      { id: 'other-day', date: '2026-11-20T01:00:00.000Z' },
    ];
    const dashboard = new Map(person.map((a, index) => [a.id, assessmentLabels(person.map((p) => p.date), zone)[index]]));
    const records = [shared('later', person[0]!.date), shared('earlier', person[1]!.date)];

    it('give each record its own description, with the dashboard\'s label of its assessment', () => {
      const labels = consentAssessmentLabels(records, person, zone);
      const [later, earlier] = records.map((record) => describeConsent(record, labels));
      expect(earlier).toBe(`Cora Coach may see your Rapid assessment of ${dashboard.get('earlier')}.`);
      expect(later).toBe(`Cora Coach may see your Rapid assessment of ${dashboard.get('later')}.`);
      expect(earlier).toBe('Cora Coach may see your Rapid assessment of November 28, 2026, 12:52:53 PM (1).');
      expect(later).toBe('Cora Coach may see your Rapid assessment of November 28, 2026, 12:52:53 PM (2).');
    });

    it('show the time when the dashboard does, though the other assessment of the day is not shared', () => {
      const morning = shared('morning', person[2]!.date);
      expect(describeConsent(morning, consentAssessmentLabels([morning], person, zone))).toBe('Cora Coach may see your Rapid assessment of November 28, 2026, 9:15 AM.');
      const otherDay = shared('other-day', person[3]!.date);
      expect(describeConsent(otherDay, consentAssessmentLabels([otherDay], person, zone))).toBe('Cora Coach may see your Rapid assessment of November 20, 2026.');
    });

    it('are still told apart by the records alone when the person\'s assessments could not be read', () => {
      const labels = consentAssessmentLabels(records, undefined, zone);
      const descriptions = records.map((record) => describeConsent(record, labels));
      expect(new Set(descriptions).size).toBe(2);
      expect(descriptions[1]).toBe('Cora Coach may see your Rapid assessment of November 28, 2026, 12:52:53 PM (1).');
    });
  });

  it('falls back to "Your coach" when the coach is gone, and shows names as plain text', () => {
    expect(describeConsent({ ...base, kind: 'pre_grant' })).toBe('Your coach may see every new assessment you start.');
    const scripted = { ...base, kind: 'pre_grant' as const, coach: { id: 'k', firstName: '<img src=x onerror=alert(1)>', lastName: null } };
    expect(describeConsent(scripted)).toBe('<img src=x onerror=alert(1)> may see every new assessment you start.');
  });

  it('lists active permissions first, newest first, then withdrawn ones', () => {
    const sorted = sortConsents([
      { ...base, id: 'old-active', grantedAt: '2026-01-01T00:00:00.000Z' },
      { ...base, id: 'withdrawn', grantedAt: '2026-04-01T00:00:00.000Z', revokedAt: '2026-04-02T00:00:00.000Z' },
      { ...base, id: 'new-active', grantedAt: '2026-02-01T00:00:00.000Z' },
    ]);
    expect(sorted.map((record) => record.id)).toEqual(['new-active', 'old-active', 'withdrawn']);
  });

  it('says who gave or withdrew a permission: the person, their coach by name, or nothing when not recorded', () => {
    expect(describeActor({ id: 'me', firstName: 'Robin', lastName: 'Client', isYou: true })).toBe('by you');
    expect(describeActor({ id: 'k', firstName: 'Casey', lastName: 'Coach', isYou: false })).toBe('by Casey Coach');
    expect(describeActor({ id: 'k', firstName: null, lastName: null, isYou: false })).toBe('by your coach');
    expect(describeActor(null)).toBeNull();
  });
});
