import { z } from 'zod';
import { beginningLoginCallbackResultSchema, coachLoginCallbackResultSchema, loginCallbackResultSchema, logOutResultSchema } from '../auth';
import { endpoint, json, redirect } from './define';

/**
 * Sign-in hand-offs (spec 01 §7 "Login hand-offs", spec 02 §7; apps/server/src/api/handlers/auth.ts).
 * Purchase lives under /api/user, the other five flows under /api/auth. The spec's
 * GetWixLoginUrl* names are aliases: the same call under the old provider's name.
 */
const loginUrlQuery = z.object({
  /** The page the sign-in starts from, where Back from a finished sign-in page leads. */
  returnPath: z.string().optional(),
  /** `sign-up`: the person came to create an account; the provider opens on its sign-up form when it offers one (prompt=create). */
  intent: z.enum(['sign-up', 'log-in']).optional(),
});

const loginUrl = <const P extends string>(path: P) =>
  endpoint({ method: 'POST', path, query: loginUrlQuery, response: redirect(), caller: 'anyone', writes: true, rateLimit: 'login-url', cache: 'no-store', callsOut: 'identity provider' });

const wixLoginUrl = <const P extends string, const A extends string>(path: P, aliasOf: A) =>
  endpoint({ method: 'POST', path, query: loginUrlQuery, response: redirect(), caller: 'anyone', writes: true, rateLimit: 'login-url', aliasOf, cache: 'no-store', callsOut: 'identity provider' });

const callbackParams = z.object({ code: z.string().min(1).max(2048), state: z.string().min(1).max(512) });

/** A sign-in's return: consumes the login transaction and starts a session, so it writes. */
const loginCallback = <const P extends `${string}/{code}/{state}`, S extends z.ZodType>(path: P, schema: S) =>
  endpoint({ method: 'GET', path, params: callbackParams, response: json(schema), caller: 'anyone', writes: true, cache: 'no-store', callsOut: 'identity provider' });

export const authEndpoints = {
  getLoginUrlBeginning: loginUrl('/api/auth/GetLoginUrlBeginning'),
  getWixLoginUrlBeginning: wixLoginUrl('/api/auth/GetWixLoginUrlBeginning', 'getLoginUrlBeginning'),
  loginCallbackBeginning: loginCallback('/api/auth/LoginCallbackBeginning/{code}/{state}', beginningLoginCallbackResultSchema),

  getLoginUrlProfessional: loginUrl('/api/auth/GetLoginUrlProfessional'),
  getWixLoginUrlProfessional: wixLoginUrl('/api/auth/GetWixLoginUrlProfessional', 'getLoginUrlProfessional'),
  loginCallbackProfessional: loginCallback('/api/auth/LoginCallbackProfessional/{code}/{state}', loginCallbackResultSchema),

  getLoginUrlEnd: loginUrl('/api/auth/GetLoginUrlEnd'),
  getWixLoginUrlEnd: wixLoginUrl('/api/auth/GetWixLoginUrlEnd', 'getLoginUrlEnd'),
  loginCallbackEnd: loginCallback('/api/auth/LoginCallbackEnd/{code}/{state}', loginCallbackResultSchema),

  getLoginUrlCoach: loginUrl('/api/auth/GetLoginUrlCoach'),
  getWixLoginUrlCoach: wixLoginUrl('/api/auth/GetWixLoginUrlCoach', 'getLoginUrlCoach'),
  loginCallbackCoach: loginCallback('/api/auth/LoginCallbackCoach/{code}/{state}', coachLoginCallbackResultSchema),

  getLoginUrlClient: loginUrl('/api/auth/GetLoginUrlClient'),
  getWixLoginUrlClient: wixLoginUrl('/api/auth/GetWixLoginUrlClient', 'getLoginUrlClient'),
  loginCallbackClient: loginCallback('/api/auth/LoginCallbackClient/{code}/{state}', loginCallbackResultSchema),

  getLoginUrlPurchase: loginUrl('/api/user/GetLoginUrlPurchase'),
  getWixLoginUrlPurchase: wixLoginUrl('/api/user/GetWixLoginUrlPurchase', 'getLoginUrlPurchase'),
  loginCallbackPurchase: loginCallback('/api/user/LoginCallbackPurchase/{code}/{state}', loginCallbackResultSchema),

  /** With an external provider, also answers where to end the provider's session (RP-initiated logout); never fails for it. */
  logOut: endpoint({ method: 'POST', path: '/api/auth/LogOut', response: json(logOutResultSchema), caller: 'anyone', writes: true, cache: 'no-store', callsOut: 'identity provider' }),
};
