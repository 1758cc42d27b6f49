import { describe, expect, it } from 'vitest';
import { canSaveCoachChoice, dashboardButtons, fullName, isReturningMember, NO_COACH } from './dashboard';

describe('dashboardButtons', () => {
  it('shows role-, coach- and history-dependent buttons only when they apply', () => {
    expect(dashboardButtons({ userRoles: ['Member'], coachGuid: null }, [])).toEqual({
      coachDashboard: false,
      changeCoach: false,
      retakeRapid: false,
      retakeProfessional: false,
      exportCsv: false,
      coachApprovals: false,
    });
    expect(dashboardButtons({ userRoles: ['Member', 'Coach', 'Admin'], coachGuid: 'c1' }, [{ isNinetyItem: true }, { isNinetyItem: false }])).toEqual({
      coachDashboard: true,
      changeCoach: true,
      retakeRapid: true,
      retakeProfessional: true,
      exportCsv: true,
      coachApprovals: true,
    });
    expect(dashboardButtons({ userRoles: ['Member'], coachGuid: null }, [{ isNinetyItem: false }])).toMatchObject({ retakeRapid: true, retakeProfessional: false });
  });
});

describe('isReturningMember', () => {
  it('is true only once an assessment has results', () => {
    expect(isReturningMember([])).toBe(false);
    expect(isReturningMember([{ hasResults: false }])).toBe(false);
    expect(isReturningMember([{ hasResults: false }, { hasResults: true }])).toBe(true);
  });
});

describe('helpers', () => {
  it('joins names and checks the coach choice', () => {
    expect(fullName(' Ada ', null)).toBe('Ada');
    expect(fullName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(canSaveCoachChoice('')).toBe(false);
    expect(canSaveCoachChoice(NO_COACH)).toBe(true);
  });
});
