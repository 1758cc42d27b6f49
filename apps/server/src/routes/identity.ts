import { continueAsGuestSchema, type CurrentUser, type SaveReferrerResult } from '@bloom/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { acceptEmptyJsonBodies } from '../auth/empty-json-body';
import { hitRateLimit, tooManyRequests } from '../auth/rate-limit';
import { badRequest, parseInput } from '../http/errors';
import { requireSession } from '../sessions/plugin';
import { createSession, setSessionCookie } from '../sessions/sessions';
import { createGuestUser, findUserById, normalizeReferrer, presentCurrentUser, saveReferrerIfAbsent } from '../users/index';

/**
 * Who is calling (spec 01 §7 "User and assessment"):
 * - GET  /api/user/getCurrentUser → 204 (nobody) or CurrentUser
 * - POST /api/user/ContinueAsGuest {referrer?} → CurrentUser (a guest session, or the caller's existing one)
 * - POST /api/user/SaveReferrer?referrer=… → { ok: true, referrer }
 */
const GUEST_LIMIT = { limit: 30, windowMs: 10 * 60 * 1000 };
const saveReferrerQuerySchema = z.object({ referrer: z.string().max(500, 'must be at most 500 characters').optional() });

export async function identityRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const db = app.database.db;
  acceptEmptyJsonBodies(app);

  app.get('/api/user/getCurrentUser', async (request, reply): Promise<CurrentUser | undefined> => {
    reply.header('cache-control', 'no-store');
    if (!request.session) return reply.status(204).send();
    return presentCurrentUser(config, request.session.user);
  });

  app.post('/api/user/ContinueAsGuest', async (request, reply): Promise<CurrentUser> => {
    reply.header('cache-control', 'no-store');
    const body = parseInput(continueAsGuestSchema, request.body ?? {});
    const referrer = normalizeReferrer(body.referrer);
    if (request.session) {
      const { user } = request.session;
      if (!referrer) return presentCurrentUser(config, user);
      await saveReferrerIfAbsent(db, user.id, referrer);
      return presentCurrentUser(config, (await findUserById(db, user.id)) ?? user);
    }
    const limit = await hitRateLimit(db, `guest:ip:${request.ip}`, GUEST_LIMIT);
    if (!limit.allowed) throw tooManyRequests(reply, limit, 'Too many new guest visits from here. Please wait a few minutes and try again.');
    const guest = await createGuestUser(db, referrer);
    setSessionCookie(reply, app.sessionCookie, await createSession(db, guest.id));
    return presentCurrentUser(config, guest);
  });

  app.post('/api/user/SaveReferrer', async (request): Promise<SaveReferrerResult> => {
    const session = requireSession(request);
    const query = parseInput(saveReferrerQuerySchema, request.query, 'referrer');
    const referrer = normalizeReferrer(query.referrer);
    if (!referrer) throw badRequest('Give the referrer in the query, for example ?referrer=newsletter.');
    return { ok: true, referrer: await saveReferrerIfAbsent(db, session.user.id, referrer) };
  });
}
