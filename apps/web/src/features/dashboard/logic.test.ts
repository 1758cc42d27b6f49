import { describe, expect, it } from 'vitest';
import { assessmentRowActions, canSaveCoachChoice, dashboardButtons, fullName, NO_COACH } from './logic';

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

describe('assessmentRowActions', () => {
  const pro = { isNinetyItem: true, clientAccessGranted: false, coachAccessGranted: false };
  it('withholds Professional results from a coached client until the coach releases them', () => {
    expect(assessmentRowActions(pro, true)).toEqual({ reports: false, coachAccess: 'grant' });
    expect(assessmentRowActions({ ...pro, clientAccessGranted: true }, true)).toEqual({ reports: true, coachAccess: 'grant' });
    expect(assessmentRowActions({ ...pro, isNinetyItem: false }, true).reports).toBe(true);
  });
  it('offers coach access only to users with a coach, until granted', () => {
    expect(assessmentRowActions(pro, false)).toEqual({ reports: true, coachAccess: 'none' });
    expect(assessmentRowActions({ ...pro, coachAccessGranted: true }, true).coachAccess).toBe('granted');
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
