/**
 * Loaded only when Continue met AssignCoachToUser's or AssignGroupToUser's 404, so the onboarding page's first paint
 * does not carry it (the page is at its first-paint budget).
 */
import { GONE_TEXT } from '../gone-content';
import type { OnboardingState } from './onboarding';

/** A chosen coach, organization or group the server no longer has: the join answered 404. */
export type GoneChoice = 'coachId' | 'organizationId' | 'groupId';

/**
 * After the join's 404 and the lists read again (`organizationIds`, undefined when that read
 * failed or was not made): a coach's 404 clears the coach. A group's (the group deleted, or its
 * organization, or its coach no longer approved) clears the organization when the list no longer
 * holds it, otherwise the group. The gone choice is cleared (with the organization, its group), so
 * Continue hides and the page asks for it again.
 */
export function dropGoneChoice(state: OnboardingState, list: 'coach' | 'group', organizationIds: readonly string[] | undefined): { state: OnboardingState; gone: GoneChoice } {
  if (list === 'coach') return { state: { ...state, coachId: '' }, gone: 'coachId' };
  if (organizationIds && !organizationIds.includes(state.organizationId)) return { state: { ...state, organizationId: '', groupId: '' }, gone: 'organizationId' };
  return { state: { ...state, groupId: '' }, gone: 'groupId' };
}

/** What the list whose choice is gone says. */
export const goneText = (choice: GoneChoice): string => GONE_TEXT[choice];
