import type { Assessment, CurrentUser } from '@bloom/contracts';

/**
 * Who is opening a plan, as far as the page needs to know before offering to sell it:
 * - `owner`: the person whose assessment it is, who can buy it;
 * - `pending-owner`: the owner, a client whose coach has not released these Professional results
 *   yet (the server's `awaitsCoachApproval`): "Pending coach approval", nothing to buy;
 * - `coach`: someone else the server let read the assessment, i.e. the owner's coach, who cannot
 *   buy the client's plan (the checkout answers "Assessment not found.");
 * - `unknown`: the caller is not known (the current-user lookup is pending or failed).
 * GetAssessmentById names the owner (`userName`, the sign-in e-mail, "Guest" for a guest), so
 * comparing it with the caller's needs no extra call.
 */
export type PlanViewer = 'owner' | 'pending-owner' | 'coach' | 'unknown';

export function planViewerOf(
  assessment: Pick<Assessment, 'userName' | 'isNinetyItem' | 'clientAccessGranted'>,
  caller: Pick<CurrentUser, 'userName' | 'coachGuid'> | null,
): PlanViewer {
  if (!caller) return 'unknown';
  // The server always names the owner; without a name, treat the caller as the owner, as before.
  const owner = assessment.userName === undefined || assessment.userName === caller.userName;
  if (!owner) return 'coach';
  return caller.coachGuid !== null && assessment.isNinetyItem && !assessment.clientAccessGranted ? 'pending-owner' : 'owner';
}
