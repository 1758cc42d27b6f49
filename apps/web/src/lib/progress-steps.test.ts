import { describe, expect, it } from 'vitest';
import { JOURNEY_STEPS } from '../content/journey-steps';
import { findActiveStepIndex, stepStates } from './progress-steps';

const activeLabel = (path: string) => JOURNEY_STEPS[findActiveStepIndex(JOURNEY_STEPS, path)]?.label ?? null;

describe('progress step matching', () => {
  it.each([
    ['/', 'Welcome'],
    ['/Pro', 'Welcome'],
    ['/client', 'Welcome'],
    ['/PRO/', 'Welcome'],
    ['/Rapid/Experiences', 'Positive Experiences'],
    ['/rapid/experiences', 'Positive Experiences'],
    ['/Pro/Experiences', 'Positive Experiences'],
    ['/Pro/Experiences/Body/Questions', 'Positive Experiences'],
    ['/Pro/Experiences/Mind/Results', 'Positive Experiences'],
    ['/Pro/Experiences/Results', 'Positive Experiences'],
    ['/Rapid/Feelings', 'Positive Feelings'],
    ['/Pro/Feelings/Openness/Questions', 'Positive Feelings'],
    ['/Rapid/Energy', 'Positive Feelings'],
    ['/Pro/Energy', 'Positive Feelings'],
    ['/Pro/Energy/Activity/Questions', 'Positive Feelings'],
    ['/Research', 'Positive Feelings'],
    ['/LifeSituations', 'Life Situations'],
    ['/lifesituations', 'Life Situations'],
    ['/YourLifeLotus', 'Your Life Lotus'],
  ])('%s is the %s step', (path, label) => {
    expect(activeLabel(path)).toBe(label);
  });

  it.each(['/Dashboard', '/CoachDashboard', '/Coach', '/PositivityPlan/abc', '/login-callback-beginning', '/Pro/ExperiencesX', '/Rapid', '/IndividualDifferences'])(
    '%s is outside the journey (no step, bar hidden)',
    (path) => {
      expect(findActiveStepIndex(JOURNEY_STEPS, path)).toBe(-1);
      expect(stepStates(JOURNEY_STEPS, path)).toEqual(['default', 'default', 'default', 'default', 'default']);
    },
  );

  it('marks the steps before the active one as visited and the later ones as default', () => {
    expect(stepStates(JOURNEY_STEPS, '/Rapid/Feelings')).toEqual(['visited', 'visited', 'active', 'default', 'default']);
    expect(stepStates(JOURNEY_STEPS, '/')).toEqual(['active', 'default', 'default', 'default', 'default']);
    expect(stepStates(JOURNEY_STEPS, '/YourLifeLotus')).toEqual(['visited', 'visited', 'visited', 'visited', 'active']);
  });
});
