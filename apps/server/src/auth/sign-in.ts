import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { signInPassword } from '../idp/password-stamp';
import { clearSessionCookie, deleteSession, rotateSession } from '../sessions/sessions';
import { markAsCoach, mergeGuestIntoMember, upsertMember, type UserRow } from '../users/index';
import type { LoginFlow } from './flows';
import { EMBEDDED_ISSUER_KEY, type SignedInIdentity } from './relying-party';

/**
 * Everything that happens once the provider has vouched for someone: find or create the
 * member, apply the flow's side effect (coach sign-up), fold a guest's work into the
 * account, and start a fresh session (the old cookie stops working: no session fixation).
 *
 * For Bloom's own provider the password the sign-in was made with must still be the account's
 * (decision 0073): a reset or change that committed after the provider accepted it ended the
 * sessions that existed then, not the one this would start. Checked before anything is written,
 * and again once the session is saved, when a replacement committed meanwhile has either seen
 * the session (and ended it) or is seen by the check (which ends it).
 */
export async function completeSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  identity: SignedInIdentity,
  flow: LoginFlow,
): Promise<UserRow> {
  const db = app.database.db;
  const embedded = identity.issuer === EMBEDDED_ISSUER_KEY;
  if (embedded && !(await passwordStillCurrent(db, identity))) throw passwordChangedDuringSignIn();
  const member = await upsertMember(db, identity);
  if (flow === 'coach') await markAsCoach(db, app.config, member.id);
  const previous = request.session?.user;
  if (previous?.is_guest) {
    const { merged, assessmentsMoved } = await mergeGuestIntoMember(db, previous.id, member.id);
    if (merged) request.log.info({ assessmentsMoved }, 'guest merged into member');
  }
  await rotateSession(db, request, reply, app.sessionCookie, member.id);
  if (embedded && !(await passwordStillCurrent(db, identity))) {
    await deleteSession(db, request.session!.sessionId);
    request.session = null;
    clearSessionCookie(reply, app.sessionCookie);
    throw passwordChangedDuringSignIn();
  }
  return request.session!.user;
}

const passwordStillCurrent = (db: Db, identity: SignedInIdentity) => signInPassword.stillCurrent(db, identity.subject, identity.passwordStamp);

function passwordChangedDuringSignIn(): AppError {
  return new AppError(400, 'login_rejected', 'The password of this account was changed while you were signing in. Please sign in again with the new password.');
}
