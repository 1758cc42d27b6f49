import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/handle';
import { runQuery } from '../db/accelerator';
import { isDatabaseUnavailable } from '../http/database-unavailable';
import type { SessionsTable, UsersTable } from '../db/schema';
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

/** Every guest's start and every sign-in (on SQLite built once: db/embedded/hot-queries.ts). */
const insertSession = (db: Db, id: string, userId: string, createdAt: string, lastSeenAt: string, idleExpiresAt: string, absoluteExpiresAt: string) =>
  db.insertInto('sessions').values({
    id,
    user_id: userId,
    created_at: createdAt,
    last_seen_at: lastSeenAt,
    idle_expires_at: idleExpiresAt,
    absolute_expires_at: absoluteExpiresAt,
  });

export async function createSession(db: Db, userId: string): Promise<string> {
  const { token, row } = newSessionRow(userId);
  await runQuery(db, insertSession, row.id, row.user_id, row.created_at, row.last_seen_at, row.idle_expires_at, row.absolute_expires_at);
  return token;
}

/** A new session's row for `userId`, and the token its cookie carries: the row keeps only the token's hash. */
export function newSessionRow(userId: string): { token: string; row: SessionsTable } {
  const token = newToken();
  const now = isoNow();
  return {
    token,
    row: { id: sha256(token), user_id: userId, created_at: now, last_seen_at: now, idle_expires_at: isoIn(SESSION_IDLE_MS), absolute_expires_at: isoIn(SESSION_ABSOLUTE_MS) },
  };
}

/** The session and its user in one row; run on every API request the session cache (on SQLite) cannot answer. */
export const sessionWithUserQuery = (db: Db, sessionId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.last_seen_at', 'sessions.idle_expires_at', 'sessions.absolute_expires_at'])
    .where('sessions.id', '=', sessionId);

export type SessionWithUserRow = UserRow & { last_seen_at: string; idle_expires_at: string; absolute_expires_at: string };

/**
 * The user part of that row, column by column. Measured: an object rest (`{ a, b, ...user }`)
 * over the ~20 columns cost 5.6 µs per request, more than the read itself; a literal of known
 * shape costs almost nothing, and the compiler insists it lists every column of UserRow.
 */
export function userOf(row: UserRow): UserRow {
  return {
    id: row.id,
    issuer: row.issuer,
    subject: row.subject,
    user_name: row.user_name,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    is_guest: row.is_guest,
    coach_status: row.coach_status,
    coach_id: row.coach_id,
    group_id: row.group_id,
    research_opt_in: row.research_opt_in,
    access_pre_granted: row.access_pre_granted,
    last_visited_route: row.last_visited_route,
    referrer: row.referrer,
    merged_into: row.merged_into,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Until when (epoch ms) a session row can be used as it is: past it the row has expired, or
 * its idle window is due to slide forward, which is a write (`findSession` does both).
 */
export function sessionRowUsableUntil(row: Pick<SessionWithUserRow, 'last_seen_at' | 'idle_expires_at' | 'absolute_expires_at'>): number {
  return Math.min(Date.parse(row.last_seen_at) + TOUCH_INTERVAL_MS, Date.parse(row.idle_expires_at), Date.parse(row.absolute_expires_at));
}

/**
 * The session of a cookie's token, or null. Its two writes are housekeeping, not the request's
 * own work: when one fails because the database cannot write (a full disk, a database going
 * away: `isDatabaseUnavailable`), the read it follows still answers (decision 0079). An expired
 * session is none either way; a session whose idle window could not slide is used as it is (its
 * window has at least 14 days less a minute to run), and the next request tries again. The
 * failure itself is logged where it is seen: on SQLite once, by the storage watch
 * (operations/storage-faults.ts); on PostgreSQL by the next statement that meets the outage.
 */
export async function findSession(db: Db, token: string): Promise<SessionContext | null> {
  const sessionId = sha256(token);
  const [row] = await runQuery(db, sessionWithUserQuery, sessionId);
  if (!row) return null;
  const now = isoNow();
  if (row.idle_expires_at <= now || row.absolute_expires_at <= now) {
    await unlessDatabaseUnavailable(db.deleteFrom('sessions').where('id', '=', sessionId).execute());
    return null;
  }
  if (Date.parse(now) - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
    await unlessDatabaseUnavailable(
      db
        .updateTable('sessions')
        .set({ last_seen_at: now, idle_expires_at: isoIn(SESSION_IDLE_MS) })
        .where('id', '=', sessionId)
        .execute(),
    );
  }
  return { sessionId, user: userOf(row) };
}

/** Waits for `write`; a failure because the database cannot write is let go, any other thrown. */
async function unlessDatabaseUnavailable(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
  }
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
