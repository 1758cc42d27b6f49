/**
 * Which call to action the results summary shows (spec 01 §2 "Results summary"):
 * a guest unlocks the plan by signing in; a coached user who has not yet shared sends results
 * to the coach; everyone else goes to their plan.
 */
import { GUEST_USER_NAME } from '@bloom/contracts/constants';

export type CallToAction =
  | { kind: 'sign-in' }
  | { kind: 'send-to-coach'; assessmentId: string }
  | { kind: 'view-plan'; assessmentId: string | undefined };

export function chooseCallToAction(
  user: { userName: string; coachGuid: string | null } | null | undefined,
  assessment: { id: string; coachAccessGranted: boolean } | null | undefined,
): CallToAction {
  if (!user || user.userName === GUEST_USER_NAME) return { kind: 'sign-in' };
  if (user.coachGuid && assessment && !assessment.coachAccessGranted) return { kind: 'send-to-coach', assessmentId: assessment.id };
  return { kind: 'view-plan', assessmentId: assessment?.id };
}
