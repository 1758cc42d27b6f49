import { describe, expect, it } from 'vitest';
import { assessmentRowActions, continuePath } from './assessmentRows';

describe('assessmentRowActions', () => {
  const pro = { isNinetyItem: true, clientAccessGranted: false, coachAccessGranted: false, hasResults: true, continueAt: null };
  it('withholds Professional results from a coached client until the coach releases them', () => {
    expect(assessmentRowActions(pro, true)).toEqual({ results: 'pending', coachAccess: 'grant' });
    expect(assessmentRowActions({ ...pro, clientAccessGranted: true }, true)).toEqual({ results: 'reports', coachAccess: 'grant' });
    expect(assessmentRowActions({ ...pro, isNinetyItem: false }, true).results).toBe('reports');
  });
  it('offers coach access only to users with a coach, until granted', () => {
    expect(assessmentRowActions(pro, false)).toEqual({ results: 'reports', coachAccess: 'none' });
    expect(assessmentRowActions({ ...pro, coachAccessGranted: true }, true).coachAccess).toBe('granted');
  });
  it('offers no reports for an assessment without results: Continue when the journey can take it up, else only its state', () => {
    const unfinished = { ...pro, isNinetyItem: false, hasResults: false };
    expect(assessmentRowActions({ ...unfinished, continueAt: { moduleName: 'Feelings', petalName: null } }, false)).toEqual({ results: 'continue', coachAccess: 'none' });
    expect(assessmentRowActions(unfinished, false).results).toBe('unfinished');
    // A coached client's unfinished Professional assessment: finishing comes before any approval; coach access stays.
    expect(assessmentRowActions({ ...pro, hasResults: false, continueAt: { moduleName: 'Experiences', petalName: 'Body' } }, true)).toEqual({ results: 'continue', coachAccess: 'grant' });
  });
});

describe('continuePath', () => {
  it('leads to the Rapid module page or the Professional petal’s questions', () => {
    expect(continuePath({ moduleName: 'Feelings', petalName: null }, false)).toBe('/Rapid/Feelings');
    expect(continuePath({ moduleName: 'Experiences', petalName: 'Connection' }, true)).toBe('/Pro/Experiences/Connection/Questions');
    expect(continuePath({ moduleName: 'Energy', petalName: null }, true)).toBe('/Pro/Energy');
  });
});
