import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceleratorOf } from '../db/accelerator';
import type { DatabaseHandle } from '../db/database';
import { isApiPath } from '../http/api-path';
import { IDP_PATH } from '../idp/links';
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

/**
 * Loads the session for every API request; handlers read `request.session`. Most requests are
 * answered from a session cache without a database read: SQLite's (db/embedded/session-reads.ts),
 * or PostgreSQL's per instance (db/postgres/session-cache.ts).
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle; secure: boolean }) => {
    const { db } = options.database;
    const settings = sessionCookieSettings(options.secure);
    // On SQLite, attached by the app before this plugin (db/accelerator.ts).
    const cache = acceleratorOf(db)?.sessions;
    // On PostgreSQL, per instance, kept true by change notices (db/postgres/session-cache.ts).
    const shared = options.database.sessionCache;
    app.decorate('sessionCookie', settings);
    app.decorateRequest('session', null);
    // Before a write is answered, this instance forgets the caller's cached sessions: the write may
    // have changed them, and the other instances' copies wait for its notice (decision 0035).
    // The sign-in provider's forms (/idp: confirm an address, reset a password, change it) change
    // people's rows and end their sessions without an API session to forget, so their answer
    // waits until this instance's listener has heard every notice committed before it: the
    // person's next request here meets their new row, or no session (one round trip, on forms
    // people send a few times a year).
    // A write may also end the caller's session and clear `request.session` (LogOut, DeleteAccount):
    // the user the request came in as is remembered, so their cached sessions go all the same.
    const arrivedAs = shared ? new WeakMap<FastifyRequest, string>() : undefined;
    const rememberArrival = (request: FastifyRequest, session: SessionContext | null) => {
      if (session && arrivedAs && !isRead(request)) arrivedAs.set(request, session.user.id);
    };
    if (shared) {
      app.addHook('onSend', (request, _reply, payload, done) => {
        if (isRead(request)) return done(null, payload);
        if (!keepsCallerSession(request)) {
          const current = request.session?.user.id;
          const arrived = arrivedAs?.get(request);
          if (current) shared.forgetUser(current);
          if (arrived && arrived !== current) shared.forgetUser(arrived);
        }
        if (!isProviderPath(request.url)) return done(null, payload);
        shared.caughtUp().then(() => done(null, payload), () => done(null, payload));
      });
    }
    // A callback hook: a cached session costs no promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!isApiPath(request.url)) return done();
      const token = request.cookies[settings.name];
      const found = token ? (cache ?? shared)?.findNow(token) : null;
      if (found !== undefined || !token) {
        request.session = found ?? null;
        rememberArrival(request, request.session);
        return done();
      }
      (shared ? shared.find(token) : findSession(db, token)).then((session) => {
        request.session = session;
        rememberArrival(request, session);
        done();
      }, done);
    });
  },
  { name: 'bloom-sessions', dependencies: ['@fastify/cookie'] },
);

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/** The endpoint table's `keepsCallerSession`, which api/register.ts puts in each route's config. */
const keepsCallerSession = (request: FastifyRequest) => (request.routeOptions.config as { keepsCallerSession?: boolean }).keepsCallerSession === true;

const isProviderPath = (url: string) => url === IDP_PATH || url.startsWith(`${IDP_PATH}/`) || url.startsWith(`${IDP_PATH}?`);
