/**
 * Loaded only when Continue met AssignGroupToUser's 404, so the onboarding page's first paint
 * does not carry it (the page is at its first-paint budget).
 */
import { GONE_TEXT } from '../gone-content';
import type { OnboardingState } from './onboarding';

/** A chosen organization or group the server no longer has: AssignGroupToUser answered 404. */
export type GoneChoice = 'organizationId' | 'groupId';

/**
 * After AssignGroupToUser's 404 (the group deleted, or its organization, or its coach no longer
 * approved) and the organizations read again (`organizationIds`, undefined when that read failed):
 * the organization is gone when the list no longer holds it, otherwise the group. The gone choice
 * is cleared (with the organization, its group), so Continue hides and the page asks for it again.
 */
export function dropGoneChoice(state: OnboardingState, organizationIds: readonly string[] | undefined): { state: OnboardingState; gone: GoneChoice } {
  if (organizationIds && !organizationIds.includes(state.organizationId)) return { state: { ...state, organizationId: '', groupId: '' }, gone: 'organizationId' };
  return { state: { ...state, groupId: '' }, gone: 'groupId' };
}

/** What the list whose choice is gone says. */
export const goneText = (choice: GoneChoice): string => GONE_TEXT[choice];
