import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { preparedQuery } from '../db/prepared';
import type { UsersTable } from '../db/schema';
import { newToken, sha256 } from '../lib/crypto';
import { isoIn, isoNow } from '../lib/time';

/** Sessions are database rows (so any instance can serve any request); the cookie holds only a random token. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** Avoid a write per request: the idle window slides at most once a minute. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type UserRow = UsersTable;

export interface SessionContext {
  sessionId: string;
  user: UserRow;
}

export interface SessionCookieSettings {
  name: string;
  secure: boolean;
}

export function sessionCookieSettings(secure: boolean): SessionCookieSettings {
  // __Host- pins the cookie to this exact origin (no Domain, Path=/, Secure), which browsers only accept over HTTPS.
  return { name: secure ? '__Host-bloom_session' : 'bloom_session', secure };
}

export async function createSession(db: Db, userId: string): Promise<string> {
  const token = newToken();
  const now = isoNow();
  await db
    .insertInto('sessions')
    .values({
      id: sha256(token),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      idle_expires_at: isoIn(SESSION_IDLE_MS),
      absolute_expires_at: isoIn(SESSION_ABSOLUTE_MS),
    })
    .execute();
  return token;
}

/**
 * Run on every API request, so built once (db/prepared.ts) and kept to two primary-key
 * reads: measured cheaper than one join whose row then has to be split back into a
 * session and a user (copying ~20 columns into a new object costs more than the read).
 */
const selectSession = preparedQuery((db: Db, sessionId: string) =>
  db.selectFrom('sessions').select(['user_id', 'last_seen_at', 'idle_expires_at', 'absolute_expires_at']).where('id', '=', sessionId),
);
const selectUser = preparedQuery((db: Db, userId: string) => db.selectFrom('users').selectAll().where('id', '=', userId));

export async function findSession(db: Db, token: string): Promise<SessionContext | null> {
  const sessionId = sha256(token);
  const [session] = await selectSession(db, sessionId);
  if (!session) return null;
  const now = isoNow();
  if (session.idle_expires_at <= now || session.absolute_expires_at <= now) {
    await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    return null;
  }
  // The foreign key cascades a deleted user's sessions, so a session always has its user;
  // a missing one is treated as signed out rather than trusted.
  const [user] = await selectUser(db, session.user_id);
  if (!user) return null;
  if (Date.parse(now) - Date.parse(session.last_seen_at) > TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now, idle_expires_at: isoIn(SESSION_IDLE_MS) })
      .where('id', '=', sessionId)
      .execute();
  }
  return { sessionId, user };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export function setSessionCookie(reply: FastifyReply, settings: SessionCookieSettings, token: string): void {
  reply.setCookie(settings.name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, settings: SessionCookieSettings): void {
  reply.clearCookie(settings.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: settings.secure });
}

/**
 * Starts a fresh session for `userId`, ending the caller's previous one. Called on every
 * sign-in so a cookie planted before login (session fixation) never becomes authenticated.
 */
export async function rotateSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  settings: SessionCookieSettings,
  userId: string,
): Promise<void> {
  if (request.session) await deleteSession(db, request.session.sessionId);
  const token = await createSession(db, userId);
  setSessionCookie(reply, settings, token);
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  request.session = { sessionId: sha256(token), user };
}
