import { describe, expect, it } from 'vitest';
import { planViewerOf } from './planViewer';

const rapid = { userName: 'robin@example.com', isNinetyItem: false, clientAccessGranted: false };
const professional = { ...rapid, isNinetyItem: true };
const robin = { userName: 'robin@example.com', coachGuid: null };
const coachedRobin = { ...robin, coachGuid: 'coach-1' };
const coach = { userName: 'casey@example.com', coachGuid: null };

describe('who opens a Positivity Plan', () => {
  it('is the owner when the assessment is theirs, a guest included', () => {
    expect(planViewerOf(rapid, robin)).toBe('owner');
    expect(planViewerOf({ ...rapid, userName: 'Guest' }, { userName: 'Guest', coachGuid: null })).toBe('owner');
  });

  it('is the coach when the assessment is someone else’s (the server lets only their coach read it)', () => {
    expect(planViewerOf(rapid, coach)).toBe('coach');
    expect(planViewerOf(professional, coach)).toBe('coach');
  });

  it('is a pending owner for a coached client’s Professional results not yet released', () => {
    expect(planViewerOf(professional, coachedRobin)).toBe('pending-owner');
    expect(planViewerOf({ ...professional, clientAccessGranted: true }, coachedRobin)).toBe('owner');
    // Rapid results and clients without a coach are never held back.
    expect(planViewerOf(rapid, coachedRobin)).toBe('owner');
    expect(planViewerOf(professional, robin)).toBe('owner');
  });

  it('is unknown while the caller is not known', () => {
    expect(planViewerOf(rapid, null)).toBe('unknown');
  });
});
