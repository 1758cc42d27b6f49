import type { FastifyReply, FastifyRequest } from 'fastify';
import { newToken, sha256 } from '../lib/crypto';

/**
 * A random per-browser cookie that ties a login transaction to the browser that
 * started it: a `state` copied into another browser (or planted by an attacker for
 * login CSRF) is refused because that browser does not hold the matching cookie.
 */
const BINDING_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function bindingCookieName(secure: boolean): string {
  return secure ? '__Host-bloom_login' : 'bloom_login';
}

/** The hash of the caller's binding cookie, setting a fresh cookie first when there is none. */
export function ensureBrowserBinding(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const name = bindingCookieName(secure);
  let token = request.cookies[name];
  if (!token || token.length < 32) {
    token = newToken();
    reply.setCookie(name, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: BINDING_MAX_AGE_SECONDS });
  }
  return sha256(token);
}

/** The hash of the caller's binding cookie, or null when the browser has none. */
export function readBrowserBinding(request: FastifyRequest, secure: boolean): string | null {
  const token = request.cookies[bindingCookieName(secure)];
  return token ? sha256(token) : null;
}
