import { describe, expect, it } from 'vitest';
import { canContinue, chooseOrganization, EMPTY_ONBOARDING, onboardingPlan } from './onboarding';

const named = { ...EMPTY_ONBOARDING, firstName: 'Ada', lastName: 'Lovelace' };

describe('client onboarding', () => {
  it('needs trimmed names and a coach, or an organization and a group', () => {
    expect(canContinue(named)).toBe(false);
    expect(canContinue({ ...named, withCoach: true })).toBe(false);
    expect(canContinue({ ...named, withCoach: true, coachId: 'c' })).toBe(true);
    expect(canContinue({ ...named, firstName: '  ', withCoach: true, coachId: 'c' })).toBe(false);
    expect(canContinue({ ...named, withCoach: false, organizationId: 'o' })).toBe(false);
    expect(canContinue({ ...named, withCoach: false, organizationId: 'o', groupId: 'g' })).toBe(true);
    // A coach chosen earlier does not count once "No" is selected.
    expect(canContinue({ ...named, withCoach: false, coachId: 'c' })).toBe(false);
  });

  it('clears the group when the organization changes', () => {
    const chosen = { ...named, withCoach: false, organizationId: 'o1', groupId: 'g1' };
    expect(chooseOrganization(chosen, 'o2')).toMatchObject({ organizationId: 'o2', groupId: '' });
    expect(chooseOrganization(chosen, 'o1').groupId).toBe('g1');
  });

  it('starts Professional with a coach and Rapid with an organization', () => {
    expect(onboardingPlan({ ...named, withCoach: true, coachId: 'c/1' })).toEqual({
      join: { coachId: 'c/1' },
      assessmentType: 'Professional',
      route: '/Pro/Experiences',
    });
    expect(onboardingPlan({ ...named, withCoach: false, organizationId: 'o', groupId: 'g' })).toEqual({
      join: { groupId: 'g' },
      assessmentType: 'Rapid',
      route: '/Rapid/Experiences',
    });
  });
});
