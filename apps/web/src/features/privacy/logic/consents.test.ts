import type { ConsentRecord } from '@bloom/contracts';
import { describe, expect, it } from 'vitest';
import { describeActor, describeConsent, sortConsents } from './consents';

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
  it('names the coach and the assessment date when known', () => {
    const record: ConsentRecord = { ...base, kind: 'coach_access', assessment: { id: 'a', date: '2026-03-05T12:00:00.000Z', isNinetyItem: false }, coach: { id: 'k', firstName: 'Casey', lastName: 'Coach' } };
    expect(describeConsent(record)).toBe('Casey Coach may see your assessment of March 5, 2026.');
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
