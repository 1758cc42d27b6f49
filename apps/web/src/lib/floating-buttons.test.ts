import { describe, expect, it } from 'vitest';
import { floatingButtonsVisible, shouldConfirmLeaving } from './floating-buttons';

describe('floating buttons', () => {
  it('are hidden from anyone who is not a signed-in member', () => {
    expect(floatingButtonsVisible('/Rapid/Experiences', false)).toBe(false);
  });

  it.each(['/Dashboard', '/dashboard', '/CoachDashboard', '/coachdashboard/'])('are hidden on %s', (path) => {
    expect(floatingButtonsVisible(path, true)).toBe(false);
  });

  it.each(['/Purchase/1', '/purchase/1/'])('are hidden in the test store, %s, which stands in for the payment provider', (path) => {
    expect(floatingButtonsVisible(path, true)).toBe(false);
  });

  it.each(['/', '/YourLifeLotus', '/PositivityPlan/1', '/ClientManagement', '/PurchaseHistory'])('show on %s for members', (path) => {
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
