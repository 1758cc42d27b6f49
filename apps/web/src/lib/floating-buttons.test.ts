import { describe, expect, it } from 'vitest';
import { floatingButtonsVisible, shouldConfirmLeaving } from './floating-buttons';

describe('floating buttons', () => {
  it('are hidden from anyone who is not a signed-in member', () => {
    expect(floatingButtonsVisible('/Rapid/Experiences', false)).toBe(false);
  });

  it.each(['/Dashboard', '/dashboard', '/CoachDashboard', '/coachdashboard/'])('are hidden on %s', (path) => {
    expect(floatingButtonsVisible(path, true)).toBe(false);
  });

  // Spec 01 §2 names the two dashboards only: the test store (/Purchase/…) shows them too.
  it.each(['/', '/YourLifeLotus', '/PositivityPlan/1', '/ClientManagement', '/Purchase/1'])('show on %s for members', (path) => {
    expect(floatingButtonsVisible(path, true)).toBe(true);
  });

  it.each(['/Rapid/Experiences', '/Pro/Experiences/Body/Questions', '/Rapid/Feelings', '/Rapid/Energy', '/Pro/Feelings/Results', '/Research', '/LifeSituations'])(
    'ask before leaving %s',
    (path) => expect(shouldConfirmLeaving(path)).toBe(true),
  );

  it.each(['/', '/Pro', '/YourLifeLotus', '/PositivityPlan/1', '/IndividualDifferences'])('go straight to the dashboard from %s', (path) => {
    expect(shouldConfirmLeaving(path)).toBe(false);
  });
});
