import { forbidden } from '../http/errors';
import type { SessionContext } from '../sessions/sessions';

/**
 * Who may use the coach calls (DESIGN.md §5, docs/decisions/0007-coach-access.md). The entry's
 * `caller` rule is checked by the registry (api/callers.ts); these are its words and its coach
 * rule, also used by a handler whose entry lets any member call but whose call on someone else
 * is a coach's (UnassignCoachFromUser):
 * - a coach awaiting approval (COACH_SIGNUP=approval) → 403 with a message saying so;
 * - a member who is not a coach → 403;
 * - an approved coach → allowed, and every record they name must be theirs (else 404).
 */
export const COACH_PENDING_MESSAGE = 'Your coach account is awaiting approval by an administrator.';

export function requireCoachRole(session: SessionContext): SessionContext {
  if (session.user.coach_status === 'pending') throw forbidden(COACH_PENDING_MESSAGE);
  if (session.user.coach_status !== 'approved') throw forbidden('Only coaches can do that.');
  return session;
}
