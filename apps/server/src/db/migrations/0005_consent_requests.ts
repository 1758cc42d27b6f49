import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * Consent stays with the client (issue 23 §3, decision 0020).
 *
 * - `consents.granted_by` / `revoked_by`: who acted, so the log no longer records a coach's
 *   act as the client's. Old rows are filled in where the act is certain: research and
 *   coach_access were always given by the person, a pre_grant always by the coach (its
 *   subject). client_access rows stay null ("not recorded"): the coach of that day is unknown.
 * - `pre_grant_requests`: the coach's "Grant all?" is now a request the client confirms or
 *   declines; one row per client, for their current coach.
 * - A standing pre-grant a coach switched on was never the client's consent, so it becomes
 *   such a request: the flag goes off, its record is closed (revoked_by null: nobody acted),
 *   and the client is asked. Assessments already shared stay shared, each now with an open
 *   coach_access record of its own so that the client can see and withdraw it.
 */
// Migrations see the tables as they were then, not as schema.ts describes them today.
type AnyDb = Kysely<any>;

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as AnyDb;
  await db.schema.alterTable('consents').addColumn('granted_by', 'text', (c) => c.references('users.id').onDelete('set null')).execute();
  await db.schema.alterTable('consents').addColumn('revoked_by', 'text', (c) => c.references('users.id').onDelete('set null')).execute();
  await db.updateTable('consents').set((eb) => ({ granted_by: eb.ref('user_id') })).where('kind', 'in', ['research', 'coach_access']).execute();
  // A pre-grant's subject is the coach, and only coaches could set one; the coach may have deleted their account since.
  await db
    .updateTable('consents')
    .set((eb) => ({ granted_by: eb.ref('subject_id') }))
    .where('kind', '=', 'pre_grant')
    .where((eb) => eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'consents.subject_id')))
    .execute();

  await db.schema
    .createTable('pre_grant_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('coach_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // requested | declined
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema.createIndex('pre_grant_requests_coach_id_idx').on('pre_grant_requests').column('coach_id').execute();

  const now = new Date().toISOString();
  const preGranted: { id: string; coach_id: string | null }[] = await db.selectFrom('users').select(['id', 'coach_id']).where('access_pre_granted', '=', 1).execute();
  for (const client of preGranted) {
    if (client.coach_id) {
      await db.insertInto('pre_grant_requests').values({ id: randomUUID(), client_id: client.id, coach_id: client.coach_id, status: 'requested', requested_at: now, answered_at: null }).execute();
    }
    await db.updateTable('users').set({ access_pre_granted: 0 }).where('id', '=', client.id).execute();
  }
  await db.updateTable('consents').set({ revoked_at: now }).where('kind', '=', 'pre_grant').where('revoked_at', 'is', null).execute();

  // Shared assessments without an open record (copied from a pre-grant): one open record each, "not recorded" who acted.
  const unrecorded: { id: string; user_id: string; created_at: string }[] = await db
    .selectFrom('assessments')
    .select(['assessments.id', 'assessments.user_id', 'assessments.created_at'])
    .where('assessments.coach_access_granted', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('consents')
            .select('consents.id')
            .whereRef('consents.subject_id', '=', 'assessments.id')
            .where('consents.kind', '=', 'coach_access')
            .where('consents.revoked_at', 'is', null),
        ),
      ),
    )
    .execute();
  for (let index = 0; index < unrecorded.length; index += 200) {
    const batch = unrecorded.slice(index, index + 200);
    await db
      .insertInto('consents')
      .values(batch.map((row) => ({ id: randomUUID(), user_id: row.user_id, kind: 'coach_access', subject_id: row.id, granted_at: row.created_at, revoked_at: null, granted_by: null, revoked_by: null })))
      .execute();
  }
}
