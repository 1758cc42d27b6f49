import { z } from 'zod';
import { currentUserSchema } from './user';

/**
 * Answers of the sign-in hand-off calls (spec 01 §7 "Login hand-offs").
 * The GetLoginUrl* / GetWixLoginUrl* calls answer with `redirectResponseSchema`.
 */

/** GET /api/auth/LoginCallback{Professional,Client,End}/{code}/{state} and GET /api/user/LoginCallbackPurchase/{code}/{state}. */
export const loginCallbackResultSchema = z.object({ ok: z.literal(true), user: currentUserSchema });
export type LoginCallbackResult = z.infer<typeof loginCallbackResultSchema>;

/** GET /api/auth/LoginCallbackBeginning/{code}/{state}: whether to go to /Dashboard or start a Rapid assessment. */
export const beginningLoginCallbackResultSchema = loginCallbackResultSchema.extend({ hasAssessment: z.boolean() });
export type BeginningLoginCallbackResult = z.infer<typeof beginningLoginCallbackResultSchema>;

/** GET /api/auth/LoginCallbackCoach/{code}/{state}: null names send the coach to /Coach/Name. */
export const coachLoginCallbackResultSchema = loginCallbackResultSchema.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** True while an admin has not yet approved the coach (COACH_SIGNUP=approval). */
  coachPending: z.boolean(),
});
export type CoachLoginCallbackResult = z.infer<typeof coachLoginCallbackResultSchema>;

/** POST /api/auth/LogOut */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/**
 * POST /api/auth/LogOut. With an external OpenID provider that offers RP-initiated logout,
 * `redirectUrl` is its end_session_endpoint: the browser goes there so the provider's own session
 * ends too, and the provider sends it back to Bloom's front page (decision 0033).
 */
export const logOutResultSchema = z.object({ ok: z.literal(true), redirectUrl: z.string().optional() });
export type LogOutResult = z.infer<typeof logOutResultSchema>;

/** POST /api/user/SaveReferrer: the referrer now on record (the first one saved wins). */
export const saveReferrerResultSchema = z.object({ ok: z.literal(true), referrer: z.string() });
export type SaveReferrerResult = z.infer<typeof saveReferrerResultSchema>;
