import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { forbidden } from '../http/errors';
import { requireMember } from '../sessions/plugin';
import type { SessionContext } from '../sessions/sessions';
import { isAdmin } from '../users/roles';

/**
 * Who may use the coach calls (DESIGN.md §5, docs/decisions/0007-coach-access.md):
 * - nobody signed in, or a guest → 401;
 * - a member who is not a coach → 403;
 * - a coach awaiting approval (COACH_SIGNUP=approval) → 403 with a message saying so;
 * - an approved coach → allowed, and every record they name must be theirs (else 404).
 */
export const COACH_PENDING_MESSAGE = 'Your coach account is awaiting approval by an administrator.';

export function requireCoachAccount(request: FastifyRequest): SessionContext {
  const session = requireMember(request);
  if (session.user.coach_status === 'pending') throw forbidden(COACH_PENDING_MESSAGE);
  if (session.user.coach_status !== 'approved') throw forbidden('Only coaches can do that.');
  return session;
}

/** Coaches, approved or still pending: only for setting the name shown to clients. */
export function requireCoachOrApplicant(request: FastifyRequest): SessionContext {
  const session = requireMember(request);
  if (session.user.coach_status !== 'approved' && session.user.coach_status !== 'pending') throw forbidden('Only coaches can do that.');
  return session;
}

/** Admins are named by e-mail in ADMIN_EMAILS; everyone else gets 403. */
export function requireAdmin(config: Pick<AppConfig, 'adminEmails'>, request: FastifyRequest): SessionContext {
  const session = requireMember(request);
  if (!isAdmin(config, session.user)) throw forbidden('Only administrators can do that.');
  return session;
}
