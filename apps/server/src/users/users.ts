import { sql } from 'kysely';
import { GUEST_USER_NAME } from '@bloom/contracts';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { inTransaction, runQuery } from '../db/accelerator';
import { sessionCacheOf } from '../db/cached-sessions';
import { onPostgres } from '../db/dialect';
import { createSession, newSessionRow } from '../sessions/sessions';
import type { UsersTable } from '../db/schema';
import { newId } from '../lib/crypto';
import { isoNow } from '../lib/time';

export type UserRow = UsersTable;

export async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export const isGuest = (user: Pick<UserRow, 'is_guest'>): boolean => user.is_guest === 1;

/** How every new user row starts, guest or member: no coach, nothing granted, nowhere visited, not merged. */
export const NEW_USER_STATE = {
  coach_status: 'none',
  coach_id: null,
  group_id: null,
  research_opt_in: 0,
  access_pre_granted: 0,
  last_visited_route: null,
  merged_into: null,
} as const satisfies Partial<UserRow>;

const guestRow = (id: string, referrer: string | null, createdAt: string, updatedAt: string): UserRow => ({
  id,
  issuer: null,
  subject: null,
  user_name: GUEST_USER_NAME,
  email: null,
  first_name: null,
  last_name: null,
  is_guest: 1,
  ...NEW_USER_STATE,
  referrer,
  created_at: createdAt,
  updated_at: updatedAt,
});

/** Every guest's first write (on SQLite built once: db/embedded/hot-queries.ts). */
const insertGuest = (db: Db, id: string, referrer: string | null, createdAt: string, updatedAt: string) =>
  db.insertInto('users').values(guestRow(id, referrer, createdAt, updatedAt));

/**
 * A new guest: a real user row (so answers have an owner) with no identity until it signs in, and
 * its first session, all or nothing. On PostgreSQL one statement writes both (the user row in a
 * data-modifying WITH), one round trip and atomic without a transaction's BEGIN and COMMIT
 * (decision 0035); on SQLite, where a transaction costs no round trip, a transaction holds the two
 * statements. Answers the row and the token for the session cookie.
 */
export async function startGuest(db: Db, referrer: string | null): Promise<{ user: UserRow; token: string }> {
  const now = isoNow();
  const user = guestRow(newId(), referrer, now, now);
  if (onPostgres(db)) {
    const { token, row } = newSessionRow(user.id);
    await db.with('guest', (q) => q.insertInto('users').values(user).returning('id')).insertInto('sessions').values(row).execute();
    return { user, token };
  }
  return inTransaction(db, async (trx) => {
    await runQuery(trx, insertGuest, user.id, user.referrer, user.created_at, user.updated_at);
    return { user, token: await createSession(trx, user.id) };
  });
}

/** What a sign-in tells us about a person, already read from the ID token / userinfo. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  /** Shown as the userName: the e-mail when the provider gave one. */
  userName: string;
  /** Only an address the provider vouches for; admin rights are granted by it (see isAdmin). */
  trustedEmail: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * Finds or creates the member for (issuer, subject) in one statement, so two
 * concurrent first sign-ins cannot create two rows. Names from the provider only
 * fill in blanks: a name the person set in Bloom (coach display name, onboarding)
 * is never replaced by the provider's, and never by an empty value.
 */
export async function upsertMember(db: Db, identity: VerifiedIdentity): Promise<UserRow> {
  const now = isoNow();
  const firstName = blankToNull(identity.firstName);
  const lastName = blankToNull(identity.lastName);
  return db
    .insertInto('users')
    .values({
      id: newId(),
      issuer: identity.issuer,
      subject: identity.subject,
      user_name: identity.userName,
      email: identity.trustedEmail,
      first_name: firstName,
      last_name: lastName,
      is_guest: 0,
      ...NEW_USER_STATE,
      referrer: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['issuer', 'subject']).doUpdateSet({
        user_name: sql<string>`excluded.user_name`,
        email: sql<string | null>`coalesce(excluded.email, users.email)`,
        first_name: sql<string | null>`case when users.first_name is null or users.first_name = '' then excluded.first_name else users.first_name end`,
        last_name: sql<string | null>`case when users.last_name is null or users.last_name = '' then excluded.last_name else users.last_name end`,
        updated_at: sql<string>`excluded.updated_at`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Signing in through the coach page makes the person a coach: approved at once when
 * COACH_SIGNUP=open, otherwise pending until an admin approves. Approval is never taken back here.
 */
export async function markAsCoach(db: Db, config: AppConfig, userId: string): Promise<void> {
  const status = config.coachSignup === 'open' ? 'approved' : 'pending';
  await db
    .updateTable('users')
    .set({ coach_status: sql<string>`case when coach_status = 'approved' then 'approved' else ${status} end`, updated_at: isoNow() })
    .where('id', '=', userId)
    .execute();
}

/** First touch wins: a referrer is recorded once, so a later visit cannot rewrite where someone came from. */
export async function saveReferrerIfAbsent(db: Db, userId: string, referrer: string): Promise<string> {
  await db
    .updateTable('users')
    .set({ referrer, updated_at: isoNow() })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('referrer', 'is', null), eb('referrer', '=', '')]))
    .execute();
  const row = await db.selectFrom('users').select('referrer').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.referrer ?? referrer;
}

function blankToNull(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, 100) : null;
}

/** Saves the name a person chose to be shown by (a client's own name, or a coach's name for clients). */
export async function saveDisplayName(db: Db, userId: string, name: { firstName: string; lastName: string }): Promise<void> {
  await db
    .updateTable('users')
    .set({ first_name: name.firstName, last_name: name.lastName, updated_at: isoNow() })
    .where('id', '=', userId)
    .execute();
}

/** Saved on every page of the journey (on SQLite built once: db/embedded/hot-queries.ts). */
const updateLastVisitedRoute = (db: Db, route: string, updatedAt: string, userId: string) =>
  db.updateTable('users').set({ last_visited_route: route, updated_at: updatedAt }).where('id', '=', userId);

export async function saveLastVisitedRoute(db: Db, userId: string, route: string): Promise<void> {
  const updatedAt = isoNow();
  const cache = sessionCacheOf(db);
  const heardBefore = cache?.noticesHeard ?? 0;
  await runQuery(db, updateLastVisitedRoute, route, updatedAt, userId);
  // On PostgreSQL this instance's cached sessions take the route at once (the endpoint's
  // keepsCallerSession); the other instances' copies take it from the trigger's notice.
  cache?.progressSaved(userId, route, updatedAt, heardBefore);
}
