import { describe, expect, it } from 'vitest';
import { assessmentRowActions, continuePath } from './assessmentRows';

describe('assessmentRowActions', () => {
  const pro = { isNinetyItem: true, clientAccessGranted: false, coachAccessGranted: false, hasResults: true, continueAt: null };
  const finished = { continueTo: null, note: null };
  it('withholds Professional results from a coached client until the coach releases them', () => {
    expect(assessmentRowActions(pro, true)).toEqual({ results: 'pending', coachAccess: 'grant', ...finished });
    expect(assessmentRowActions({ ...pro, clientAccessGranted: true }, true)).toEqual({ results: 'reports', coachAccess: 'grant', ...finished });
    expect(assessmentRowActions({ ...pro, isNinetyItem: false }, true).results).toBe('reports');
  });
  it('offers coach access only to users with a coach, until granted', () => {
    expect(assessmentRowActions(pro, false)).toEqual({ results: 'reports', coachAccess: 'none', ...finished });
    expect(assessmentRowActions({ ...pro, coachAccessGranted: true }, true).coachAccess).toBe('granted');
  });
  it('offers no reports for an assessment without results: Continue when the journey can take it up, else only its state', () => {
    const unfinished = { ...pro, isNinetyItem: false, hasResults: false };
    expect(assessmentRowActions({ ...unfinished, continueAt: { moduleName: 'Feelings', petalName: null } }, false)).toEqual({
      results: 'continue',
      continueTo: '/Rapid/Feelings',
      note: 'not-finished',
      coachAccess: 'none',
    });
    expect(assessmentRowActions(unfinished, false)).toMatchObject({ results: 'unfinished', continueTo: null, note: 'not-finished' });
    // A coached client's unfinished Professional assessment: finishing comes before any approval; coach access stays.
    expect(assessmentRowActions({ ...pro, hasResults: false, continueAt: { moduleName: 'Experiences', petalName: 'Body' } }, true)).toEqual({
      results: 'continue',
      continueTo: '/Pro/Experiences/Body/Questions',
      note: 'not-finished',
      coachAccess: 'grant',
    });
  });
  it('offers Continue beside the reports of results resting on questions left unanswered (decision 0044)', () => {
    // A Professional assessment left before Energy: results exist, Energy can still be answered.
    const beforeEnergy = { ...pro, continueAt: { moduleName: 'Energy' as const, petalName: 'Activity' } };
    expect(assessmentRowActions(beforeEnergy, false)).toEqual({ results: 'reports', continueTo: '/Pro/Energy/Activity/Questions', note: 'questions-left', coachAccess: 'none' });
    // A coached client's, still awaiting the coach's release: finishing need not wait for it.
    expect(assessmentRowActions(beforeEnergy, true)).toMatchObject({ results: 'pending', continueTo: '/Pro/Energy/Activity/Questions', note: 'questions-left' });
    const rapid = { ...pro, isNinetyItem: false, continueAt: { moduleName: 'Energy' as const, petalName: null } };
    expect(assessmentRowActions(rapid, false)).toMatchObject({ results: 'reports', continueTo: '/Rapid/Energy' });
  });
});

describe('continuePath', () => {
  it('leads to the Rapid module page or the Professional petal’s questions', () => {
    expect(continuePath({ moduleName: 'Feelings', petalName: null }, false)).toBe('/Rapid/Feelings');
    expect(continuePath({ moduleName: 'Experiences', petalName: 'Connection' }, true)).toBe('/Pro/Experiences/Connection/Questions');
    expect(continuePath({ moduleName: 'Energy', petalName: null }, true)).toBe('/Pro/Energy');
  });
});
