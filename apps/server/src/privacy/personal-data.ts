import type { PersonalDataExport } from '@bloom/contracts';
import { EMBEDDED_ISSUER_KEY } from '../auth/relying-party';
import { groupRowsOfCoach } from '../coaching/organizations';
import type { Db } from '../db/database';
import { isoNow } from '../lib/time';
import { listMailTo } from '../mail';
import type { UserRow } from '../users/index';
import { invitationsOf } from './personal-data-invitations';
import { unconfirmedMailOf } from './unconfirmed-addresses';
import { chunked } from './user-lock';

/**
 * Everything Bloom holds about one person (GDPR Art. 15 access, Art. 20 portability), in
 * one JSON document. Reads are scoped to the caller's own rows (and the guest rows merged
 * into them, which are the same person's earlier visits, listed as `mergedVisits`). Left out
 * on purpose: which administrator approved a coach (that is the administrator's data), the password
 * hash, session ids and tokens, checkout references (bearer secrets of the test store), mailed
 * links and invitation tokens (bearer secrets: mail is listed by template, subject and times,
 * never its text or values), and anything about other people beyond the name a coach chose to
 * show to clients (their own, or one who invited them) and what a coach typed into an invitation
 * they sent.
 */
export async function exportPersonalData(db: Db, user: UserRow): Promise<PersonalDataExport> {
  // One read for the guest visits merged into the account and the caller's own approval as a coach (never who approved).
  const ownRows = await db
    .selectFrom('users')
    .leftJoin('coach_vettings', 'coach_vettings.coach_id', 'users.id')
    .select(['users.id', 'users.created_at', 'users.referrer', 'users.last_visited_route', 'users.research_opt_in', 'coach_vettings.vetted_at'])
    .where((eb) => eb.or([eb('users.id', '=', user.id), eb('users.merged_into', '=', user.id)]))
    .orderBy('users.created_at')
    .orderBy('users.id')
    .execute();
  const mergedGuests = ownRows.filter((row) => row.id !== user.id);
  const vettedAt = ownRows.find((row) => row.id === user.id)?.vetted_at ?? null;
  const ownerIds = [user.id, ...mergedGuests.map((row) => row.id)];

  const assessments = await db.selectFrom('assessments').selectAll().where('user_id', '=', user.id).orderBy('created_at').orderBy('id').execute();
  const assessmentIds = assessments.map((row) => row.id);
  const answers = [];
  const lifeData = [];
  for (const batch of chunked(assessmentIds)) {
    answers.push(...(await db.selectFrom('responses').selectAll().where('assessment_id', 'in', batch).execute()));
    lifeData.push(...(await db.selectFrom('life_data').selectAll().where('assessment_id', 'in', batch).execute()));
  }
  const consents = await db.selectFrom('consents').selectAll().where('user_id', 'in', ownerIds).orderBy('granted_at').orderBy('id').execute();
  const preGrantRequests = await db.selectFrom('pre_grant_requests').selectAll().where('client_id', '=', user.id).execute();
  const purchases = await db.selectFrom('purchases').selectAll().where('user_id', '=', user.id).orderBy('created_at').orderBy('id').execute();
  const sessions = await db.selectFrom('sessions').select(['created_at', 'last_seen_at']).where('user_id', '=', user.id).orderBy('created_at').execute();
  const signInAccount =
    user.issuer === EMBEDDED_ISSUER_KEY && user.subject
      ? await db.selectFrom('identity_accounts').select(['email', 'given_name', 'family_name', 'created_at', 'email_verified_at']).where('id', '=', user.subject).executeTakeFirst()
      : undefined;
  const coach = user.coach_id
    ? await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', user.coach_id).executeTakeFirst()
    : undefined;
  const group = user.group_id
    ? await db
        .selectFrom('groups')
        .innerJoin('organizations', 'organizations.id', 'groups.organization_id')
        .select(['groups.id', 'groups.name', 'organizations.name as organization_name'])
        .where('groups.id', '=', user.group_id)
        .executeTakeFirst()
    : undefined;
  const mail = await mailOf(db, user);

  const answersByAssessment = groupBy(answers, (row) => row.assessment_id);
  const lifeDataByAssessment = new Map(lifeData.map((row) => [row.assessment_id, row]));

  return {
    format: 'bloom-personal-data',
    version: 1,
    exportedAt: isoNow(),
    profile: {
      id: user.id,
      userName: user.user_name,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      isGuest: user.is_guest === 1,
      coachStatus: user.coach_status,
      researchOptIn: user.research_opt_in === 1,
      accessPreGranted: user.access_pre_granted === 1,
      lastVisitedRoute: user.last_visited_route,
      referrer: user.referrer,
      createdAt: user.created_at,
      updatedAt: user.updated_at,
    },
    signInAccount: signInAccount
      ? {
          email: signInAccount.email,
          firstName: signInAccount.given_name,
          lastName: signInAccount.family_name,
          createdAt: signInAccount.created_at,
          emailVerifiedAt: signInAccount.email_verified_at,
        }
      : null,
    mergedVisits: mergedGuests.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      referrer: row.referrer,
      lastVisitedRoute: row.last_visited_route,
      researchOptIn: row.research_opt_in === 1,
    })),
    coachVetting: vettedAt === null ? null : { vettedAt },
    coach: coach ? { id: coach.id, firstName: coach.first_name, lastName: coach.last_name } : null,
    group: group ? { id: group.id, name: group.name, organizationName: group.organization_name } : null,
    assessments: assessments.map((row) => {
      const life = lifeDataByAssessment.get(row.id);
      return {
        id: row.id,
        type: row.is_ninety_item === 1 ? 'Professional' : 'Rapid',
        createdAt: row.created_at,
        completedAt: row.completed_at,
        coachAccessGranted: row.coach_access_granted === 1,
        clientAccessGranted: row.client_access_granted === 1,
        answers: (answersByAssessment.get(row.id) ?? [])
          .sort((a, b) => a.order_index - b.order_index || a.question_guid.localeCompare(b.question_guid))
          .map((answer) => ({ questionGuid: answer.question_guid, response: answer.response, order: answer.order_index, updatedAt: answer.updated_at })),
        lifeData: life
          ? {
              relationshipStatus: life.relationship_status,
              parentingStatus: life.parenting_status,
              employmentStatus: life.employment_status,
              age: life.age,
              gender: life.gender,
              income: life.income,
              stressfulEvents: life.stressful_events,
              updatedAt: life.updated_at,
            }
          : null,
      };
    }),
    consents: consents.map((row) => ({
      id: row.id,
      kind: row.kind,
      subjectId: row.subject_id,
      grantedAt: row.granted_at,
      revokedAt: row.revoked_at,
      grantedBy: row.granted_by,
      revokedBy: row.revoked_by,
      coachId: row.coach_id,
    })),
    preGrantRequests: preGrantRequests.map((row) => ({ coachId: row.coach_id, status: row.status, requestedAt: row.requested_at, answeredAt: row.answered_at })),
    purchases: purchases.map((row) => ({
      id: row.id,
      assessmentId: row.assessment_id,
      provider: row.provider,
      amountCents: Number(row.amount_cents),
      currency: row.currency,
      status: row.status,
      createdAt: row.created_at,
      fulfilledAt: row.fulfilled_at,
      timeZone: row.time_zone,
    })),
    sessions: sessions.map((row) => ({ createdAt: row.created_at, lastSeenAt: row.last_seen_at })),
    organizations: await organizationsOf(db, user.id),
    invitations: await invitationsOf(db, user),
    mail,
  };
}

/**
 * Mail to the confirmed address (users.email), and, with Bloom's own sign-in, to the account's
 * addresses not confirmed (its own before confirming, a new one it asked to change to): of those
 * only the mail about the account itself (and the plan receipts at its own address), as someone
 * else may own the address (an invitation to it is not this person's): unconfirmed-addresses.ts.
 */
async function mailOf(db: Db, user: UserRow): Promise<PersonalDataExport['mail']> {
  const mail = user.email ? await listMailTo(db, user.email) : [];
  const unconfirmed = user.issuer === EMBEDDED_ISSUER_KEY && user.subject ? await unconfirmedMailOf(db, user.subject, user.email) : [];
  for (const { address, templates } of unconfirmed) mail.push(...(await listMailTo(db, address, templates)));
  return unconfirmed.length === 0 ? mail : mail.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.id.localeCompare(b.id));
}

/** A coach's organizations with their groups and how many clients each holds (the clients themselves are not the coach's data). */
async function organizationsOf(db: Db, coachId: string): Promise<PersonalDataExport['organizations']> {
  const organizations = await db.selectFrom('organizations').selectAll().where('coach_id', '=', coachId).orderBy('created_at').orderBy('id').execute();
  if (organizations.length === 0) return [];
  const groups = await groupRowsOfCoach(db, coachId);
  const clientCounts = await db
    .selectFrom('users')
    .innerJoin('groups', 'groups.id', 'users.group_id')
    .select(['groups.organization_id'])
    .select((eb) => eb.fn.countAll<number>().as('clients'))
    .where('users.coach_id', '=', coachId)
    .groupBy('groups.organization_id')
    .execute();
  const countByOrganization = new Map(clientCounts.map((row) => [row.organization_id, Number(row.clients)]));
  const groupsByOrganization = groupBy(groups, (row) => row.organization_id);
  return organizations.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    groups: (groupsByOrganization.get(row.id) ?? []).map((group) => ({ id: group.id, name: group.name })),
    clientCount: countByOrganization.get(row.id) ?? 0,
  }));
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}
