import type { CallerRule } from '@bloom/contracts';
import type { AppConfig } from '../config';
import { requireCoachRole } from '../coaching/guards';
import { forbidden, unauthorized } from '../http/errors';
import type { SessionContext } from '../sessions/sessions';
import { isAdmin } from '../users/roles';

/**
 * The entry's `caller` rule, checked before anything is looked up (docs/decisions/0007, 0024):
 * nobody signed in → 401; a guest where a member or a coach is needed → 401 (signing up or in is
 * the way on); a member without the role → 403. An admin's call answers every session that is not
 * an admin's 403, a guest's too (DESIGN §15 "admins only; else 403"): what a guest lacks there is
 * the role, as a member does, not an account.
 */
export function checkCaller(rule: CallerRule, session: SessionContext | null, config: Pick<AppConfig, 'adminEmails'>): SessionContext | null {
  if (rule === 'anyone') return session;
  if (!session) throw unauthorized();
  if (rule === 'session') return session;
  if (rule === 'admin') {
    if (!isAdmin(config, session.user)) throw forbidden('Only administrators can do that.');
    return session;
  }
  if (session.user.is_guest) throw unauthorized('Please sign up or log in first.');
  const status = session.user.coach_status;
  switch (rule) {
    case 'member':
      return session;
    case 'coachOrApplicant':
      if (status !== 'approved' && status !== 'pending') throw forbidden('Only coaches can do that.');
      return session;
    case 'coach':
      return requireCoachRole(session);
  }
}
