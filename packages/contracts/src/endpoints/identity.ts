import { z } from 'zod';
import { saveReferrerResultSchema } from '../auth';
import { continueAsGuestSchema, currentUserSchema } from '../user';
import { endpoint, json } from './define';

/** The service itself, and who is calling (spec 01 §7 "User and assessment"; api/handlers/identity.ts). */
export const healthResultSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

export const identityEndpoints = {
  /** 503 with the error envelope when the database is unreachable. */
  health: endpoint({ method: 'GET', path: '/api/health', response: json(healthResultSchema), caller: 'anyone', writes: false, cache: 'no-store' }),

  /** 204 without a body when nobody is signed in. */
  getCurrentUser: endpoint({ method: 'GET', path: '/api/user/getCurrentUser', response: json(currentUserSchema, { orNoContent: true }), caller: 'anyone', writes: false, cache: 'no-store' }),

  /** A new guest session, or the caller's existing one (its referrer saved if it had none). */
  continueAsGuest: endpoint({
    method: 'POST',
    path: '/api/user/ContinueAsGuest',
    body: continueAsGuestSchema,
    response: json(currentUserSchema),
    caller: 'anyone',
    writes: true,
    rateLimit: 'guest',
    cache: 'no-store',
    atomicAlone:
      'a new guest’s user row and session: on PostgreSQL one statement (the user row in a data-modifying WITH), on SQLite a transaction of its own (startGuest); with a session already, one conditional UPDATE',
  }),

  /** The first referrer saved wins; the answer names the one on record. */
  saveReferrer: endpoint({
    method: 'POST',
    path: '/api/user/SaveReferrer',
    query: z.object({ referrer: z.string().max(500, 'must be at most 500 characters').optional() }),
    response: json(saveReferrerResultSchema),
    caller: 'session',
    writes: true,
  }),
};
