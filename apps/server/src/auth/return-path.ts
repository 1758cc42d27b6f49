import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { findSession, sessionCookieSettings } from '../sessions/sessions';

/**
 * Where a person goes when the provider's sign-in page they reach is already finished or gone,
 * typically by pressing Back after signing in (issue 23 part 6). Instead of an "expired" page:
 * the dashboard when they are now signed in, otherwise the Bloom page the sign-in started from.
 *
 * The start page is remembered in a cookie when the login URL is requested. It only ever holds
 * a same-origin relative path (checked when written and again when read), so it cannot become
 * an open redirect, and it carries nothing the login transaction's state, nonce or PKCE depend on.
 */
export const SIGNED_IN_LANDING = '/Dashboard';
export const DEFAULT_LANDING = '/';
/** Longer than the provider keeps an interaction (ten minutes, INTERACTION_TTL_SECONDS): past that the sign-in is over anyway. */
const RETURN_PATH_MAX_AGE_SECONDS = 30 * 60;
const RETURN_PATH_MAX_LENGTH = 512;
/** Paths that are part of signing in itself: going "back" to them would start the loop again. */
const SIGN_IN_MACHINERY = /^\/(idp|api|login-callback-)/i;

export function returnPathCookieName(secure: boolean): string {
  return secure ? '__Host-bloom_return' : 'bloom_return';
}

/**
 * The value as a path on this site, or null. Accepted: "/…" with no scheme, no host, no
 * backslashes or control characters ("//evil.example", "/\\evil.example" and "https://…" are
 * all refused, because browsers read them as other hosts), and not a sign-in page itself.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'http://bloom.invalid';
  let parsed: URL;
  try {
    parsed = new URL(value, base);
  } catch {
    return null;
  }
  if (parsed.origin !== base) return null;
  const path = `${parsed.pathname}${parsed.search}`;
  // Checked again once normalised: "/.//evil.example" becomes "//evil.example", another host.
  if (path.startsWith('//') || SIGN_IN_MACHINERY.test(path)) return null;
  return path;
}

/** Remembers the page a sign-in starts from; a missing or unsafe path forgets any earlier one. */
export function rememberReturnPath(request: FastifyRequest, reply: FastifyReply, value: unknown, secure: boolean): void {
  const name = returnPathCookieName(secure);
  const path = safeReturnPath(value);
  const cookie = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
  if (path) reply.setCookie(name, path, { ...cookie, maxAge: RETURN_PATH_MAX_AGE_SECONDS });
  else if (request.cookies[name] !== undefined) reply.clearCookie(name, cookie);
}

/**
 * Where to send someone whose sign-in page is finished: the dashboard when the browser holds a
 * member's Bloom session (the sign-in worked), else the remembered start page, else the welcome page.
 */
export async function landingAfterFinishedSignIn(db: Db, readCookie: (name: string) => string | undefined, secure: boolean): Promise<string> {
  const sessionToken = readCookie(sessionCookieSettings(secure).name);
  const session = sessionToken ? await findSession(db, sessionToken) : null;
  if (session && !session.user.is_guest) return SIGNED_IN_LANDING;
  return safeReturnPath(readCookie(returnPathCookieName(secure))) ?? DEFAULT_LANDING;
}
