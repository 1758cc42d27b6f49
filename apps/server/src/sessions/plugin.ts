import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database';
import { unauthorized } from '../http/errors';
import { findSession, sessionCookieSettings, type SessionContext, type SessionCookieSettings } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session and user, or null when nobody (not even a guest) is signed in. */
    session: SessionContext | null;
  }
  interface FastifyInstance {
    sessionCookie: SessionCookieSettings;
  }
}

/** Loads the session for every API request; handlers read `request.session`. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; secure: boolean }) => {
    const settings = sessionCookieSettings(options.secure);
    app.decorate('sessionCookie', settings);
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.toLowerCase().startsWith('/api/')) return;
      const token = request.cookies[settings.name];
      request.session = token ? await findSession(options.db, token) : null;
    });
  },
  { name: 'bloom-sessions', dependencies: ['@fastify/cookie'] },
);

/** Any session, guest or member. */
export function requireSession(request: FastifyRequest): SessionContext {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** A signed-in (non-guest) person. */
export function requireMember(request: FastifyRequest): SessionContext {
  const session = requireSession(request);
  if (session.user.is_guest) throw unauthorized('Please sign up or log in first.');
  return session;
}

export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
