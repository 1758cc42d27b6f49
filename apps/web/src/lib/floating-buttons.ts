import { JOURNEY_STEPS } from '../content/journey-steps';
import { pathEquals } from './paths';
import { findActiveStepIndex } from './progress-steps';

export const DASHBOARD_PATH = '/Dashboard';
const HIDDEN_ON = [DASHBOARD_PATH, '/CoachDashboard'];
/** Steps whose answers would be abandoned: experiences, feelings (with energy and research) and life situations. */
const CONFIRM_STEP_IDS = new Set(['experiences', 'feelings', 'life-situations']);

/** Spec 01 §2: the floating buttons are for signed-in members, and not on the dashboards. */
export function floatingButtonsVisible(pathname: string, isMember: boolean): boolean {
  return isMember && !HIDDEN_ON.some((path) => pathEquals(pathname, path));
}

/** Spec 01 §2/§4: leaving these pages for the dashboard asks for confirmation first. */
export function shouldConfirmLeaving(pathname: string): boolean {
  const step = JOURNEY_STEPS[findActiveStepIndex(JOURNEY_STEPS, pathname)];
  return step !== undefined && CONFIRM_STEP_IDS.has(step.id);
}
