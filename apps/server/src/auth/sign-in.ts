import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rotateSession } from '../sessions/sessions';
import { markAsCoach, mergeGuestIntoMember, upsertMember, type UserRow, type VerifiedIdentity } from '../users/index';
import type { LoginFlow } from './flows';

/**
 * Everything that happens once the provider has vouched for someone: find or create the
 * member, apply the flow's side effect (coach sign-up), fold a guest's work into the
 * account, and start a fresh session (the old cookie stops working: no session fixation).
 */
export async function completeSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  identity: VerifiedIdentity,
  flow: LoginFlow,
): Promise<UserRow> {
  const db = app.database.db;
  const member = await upsertMember(db, identity);
  if (flow === 'coach') await markAsCoach(db, app.config, member.id);
  const previous = request.session?.user;
  if (previous?.is_guest) {
    const { merged, assessmentsMoved } = await mergeGuestIntoMember(db, previous.id, member.id);
    if (merged) request.log.info({ assessmentsMoved }, 'guest merged into member');
  }
  await rotateSession(db, request, reply, app.sessionCookie, member.id);
  return request.session!.user;
}
