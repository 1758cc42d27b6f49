import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_MS } from '../sessions/sessions';

/**
 * The ID token of an external provider's sign-in, kept for one purpose: the `id_token_hint` of
 * RP-initiated logout (relying-party.ts endSessionUrl, decision 0033). It lives in an httpOnly
 * cookie whose path is the log-out call alone, so no other request carries it and Bloom stores no
 * token of the provider's. Without it (a browser that dropped a large cookie, say) log-out still
 * reaches the provider, identified by client_id; the provider may then ask the person to confirm.
 */
const LOGOUT_PATH = '/api/auth/LogOut';

function cookieName(secure: boolean): string {
  // __Host- would require Path=/; __Secure- still requires HTTPS.
  return secure ? '__Secure-bloom_logout_hint' : 'bloom_logout_hint';
}

export function rememberIdTokenForLogout(reply: FastifyReply, secure: boolean, idToken: string): void {
  reply.setCookie(cookieName(secure), idToken, { path: LOGOUT_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000) });
}

/** The hint, if this browser holds one; the cookie is cleared either way. */
export function takeIdTokenForLogout(request: FastifyRequest, reply: FastifyReply, secure: boolean): string | undefined {
  const name = cookieName(secure);
  const idToken = request.cookies[name];
  if (idToken !== undefined) reply.clearCookie(name, { path: LOGOUT_PATH, httpOnly: true, sameSite: 'lax', secure });
  return idToken || undefined;
}
