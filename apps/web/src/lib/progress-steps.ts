import type { JourneyStep } from '../content/journey-steps';
import { pathEquals, pathIsWithin } from './paths';

export type StepState = 'active' | 'visited' | 'default';

/** Index of the step whose urls match the route, or -1 when the route is outside the journey. */
export function findActiveStepIndex(steps: readonly JourneyStep[], pathname: string): number {
  return steps.findIndex((step) => step.urls.some((url) => (step.exact ? pathEquals(pathname, url) : pathIsWithin(pathname, url))));
}

/** Steps before the active one are visited, the matching one active, the rest default. */
export function stepStates(steps: readonly JourneyStep[], pathname: string): StepState[] {
  const active = findActiveStepIndex(steps, pathname);
  return steps.map((_, index) => (index === active ? 'active' : active >= 0 && index < active ? 'visited' : 'default'));
}
