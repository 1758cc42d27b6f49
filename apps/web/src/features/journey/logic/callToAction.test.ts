import { describe, expect, it } from 'vitest';
import { chooseCallToAction } from './callToAction';

const assessment = { id: 'a1', coachAccessGranted: false };

describe('results summary call to action', () => {
  it('asks guests and visitors without a session to sign in', () => {
    expect(chooseCallToAction(null, assessment)).toEqual({ kind: 'sign-in' });
    expect(chooseCallToAction({ userName: 'Guest', coachGuid: null }, assessment)).toEqual({ kind: 'sign-in' });
  });
  it('offers to send results to a coach who has not been granted access yet', () => {
    expect(chooseCallToAction({ userName: 'sam@example.com', coachGuid: 'c1' }, assessment)).toEqual({ kind: 'send-to-coach', assessmentId: 'a1' });
  });
  it('shows the plan otherwise', () => {
    expect(chooseCallToAction({ userName: 'sam@example.com', coachGuid: 'c1' }, { id: 'a1', coachAccessGranted: true })).toEqual({ kind: 'view-plan', assessmentId: 'a1' });
    expect(chooseCallToAction({ userName: 'sam@example.com', coachGuid: null }, assessment)).toEqual({ kind: 'view-plan', assessmentId: 'a1' });
  });
});
