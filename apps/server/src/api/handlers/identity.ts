import { sql } from 'kysely';
import { AppError, badRequest } from '../../http/errors';
import { setSessionCookie } from '../../sessions/sessions';
import { findUserById, normalizeReferrer, presentCurrentUser, saveReferrerIfAbsent, startGuest } from '../../users/index';
import { withCoachTerms } from '../../users/presenter';
import type { Call, Output } from '../call';

/** The service itself, and who is calling (spec 01 §7 "User and assessment"). */

export async function health({ app, db, request }: Call<'health'>): Promise<Output<'health'>> {
  try {
    await sql`select 1`.execute(db);
    return { status: 'ok', database: app.database.dialect };
  } catch (error) {
    request.log.error({ err: error }, 'health check: database unreachable');
    throw new AppError(503, 'database_unavailable', 'The database is not reachable.');
  }
}

/** 204 when nobody, not even a guest, is signed in. A coach is also told whether their releases include clients' plans. */
export async function getCurrentUser({ app, caller, db }: Call<'getCurrentUser'>): Promise<Output<'getCurrentUser'>> {
  return caller ? withCoachTerms(db, app.config, presentCurrentUser(app.config, caller.user)) : null;
}

/** A new guest session (counted by the entry's `guest` limit), or the caller's existing one with its referrer saved if it had none. */
export async function continueAsGuest({ app, body, caller, db, reply }: Call<'continueAsGuest'>): Promise<Output<'continueAsGuest'>> {
  const referrer = normalizeReferrer(body.referrer);
  if (caller) {
    if (!referrer) return presentCurrentUser(app.config, caller.user);
    await saveReferrerIfAbsent(db, caller.user.id, referrer);
    return presentCurrentUser(app.config, (await findUserById(db, caller.user.id)) ?? caller.user);
  }
  const { user, token } = await startGuest(db, referrer);
  setSessionCookie(reply, app.sessionCookie, token);
  return presentCurrentUser(app.config, user);
}

/** The first referrer saved wins; the answer names the one on record. */
export async function saveReferrer({ query, caller, db }: Call<'saveReferrer'>): Promise<Output<'saveReferrer'>> {
  const referrer = normalizeReferrer(query.referrer);
  if (!referrer) throw badRequest('Give the referrer in the query, for example ?referrer=newsletter.');
  return { ok: true, referrer: await saveReferrerIfAbsent(db, caller.user.id, referrer) };
}
