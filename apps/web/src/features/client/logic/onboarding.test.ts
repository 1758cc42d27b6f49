import { describe, expect, it } from 'vitest';
import { ONBOARDING_TEXT } from '../content';
import { dropGoneChoice } from './gone-choice';
import { canContinue, chooseOrganization, EMPTY_ONBOARDING, missingFields, missingNames, onboardingPlan, organizationOptions } from './onboarding';

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

  it('names what is missing in the form’s order, the group only once an organization is chosen', () => {
    expect(missingFields(EMPTY_ONBOARDING)).toEqual(['firstName', 'lastName', 'withCoach']);
    expect(missingFields({ ...named, lastName: ' ' })).toEqual(['lastName', 'withCoach']);
    expect(missingFields({ ...named, withCoach: true })).toEqual(['coachId']);
    expect(missingFields({ ...named, withCoach: false })).toEqual(['organizationId']);
    expect(missingFields({ ...named, withCoach: false, organizationId: 'o' })).toEqual(['groupId']);
    expect(missingFields({ ...named, withCoach: false, coachId: 'c', organizationId: 'o', groupId: 'g' })).toEqual([]);
    expect(missingNames({ firstName: 'Ada', lastName: '\t' })).toEqual(['lastName']);
  });

  it('says in one sentence what is still needed, in the form’s order, the names together', () => {
    const instruction = (state: typeof named) => ONBOARDING_TEXT.toContinue(missingFields(state));
    expect(instruction({ ...named, lastName: '', withCoach: false, organizationId: 'o' })).toBe('To continue, enter your last name and choose your group.');
    expect(instruction(EMPTY_ONBOARDING)).toBe('To continue, enter your first and last name and say whether you are working with a coach.');
    expect(instruction({ ...named, firstName: ' ', withCoach: true })).toBe('To continue, enter your first name and choose your coach.');
    expect(instruction({ ...named, withCoach: false })).toBe('To continue, choose your organization.');
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

  it('clears the organization (and its group) when the list read again no longer holds it, otherwise the group', () => {
    const chosen = { ...named, withCoach: false, organizationId: 'o', groupId: 'g' };
    expect(dropGoneChoice(chosen, 'group', ['o', 'p'])).toEqual({ state: { ...chosen, groupId: '' }, gone: 'groupId' });
    expect(dropGoneChoice(chosen, 'group', ['p'])).toEqual({ state: { ...chosen, organizationId: '', groupId: '' }, gone: 'organizationId' });
    // The list could not be read again: the group is what the server said is gone.
    expect(dropGoneChoice(chosen, 'group', undefined)).toEqual({ state: { ...chosen, groupId: '' }, gone: 'groupId' });
    expect(missingFields(dropGoneChoice(chosen, 'group', ['o']).state)).toEqual(['groupId']);
  });

  it('clears the coach when the coach is gone, and asks for one again', () => {
    const chosen = { ...named, withCoach: true, coachId: 'c' };
    expect(dropGoneChoice(chosen, 'coach', undefined)).toEqual({ state: { ...chosen, coachId: '' }, gone: 'coachId' });
    expect(missingFields(dropGoneChoice(chosen, 'coach', undefined).state)).toEqual(['coachId']);
  });

  it("names the coach only of organizations whose name repeats in the list (ignoring case and spaces), as text", () => {
    const options = organizationOptions(
      [
        { organizationGuid: '1', organizationName: 'Seed Org', coachName: 'Alice Coachone' },
        { organizationGuid: '2', organizationName: 'seed org ', coachName: '<b>Bob</b>' },
        { organizationGuid: '3', organizationName: 'Solo Org', coachName: 'Carol' },
        { organizationGuid: '4', organizationName: 'Seed Org', coachName: '' },
      ],
      ONBOARDING_TEXT.organizationOf,
    );
    expect(options).toEqual([
      { value: '1', label: 'Seed Org (Alice Coachone)' },
      { value: '2', label: 'seed org  (<b>Bob</b>)' },
      { value: '3', label: 'Solo Org' },
      { value: '4', label: 'Seed Org' },
    ]);
  });
});
