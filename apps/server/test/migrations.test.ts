import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { questionsForTrack } from '@bloom/domain';
import { Migrator, sql, type CompiledQuery, type KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database';
import { prepareStatement } from '../src/db/embedded/statements';
import { migrations } from '../src/db/migrations/index';
import { dashboardEntries } from '../src/coaching/dashboard-entries';
import { ACCOUNT_MAIL_TEMPLATES, forgetMailTo, listMailTo, MAIL_TEMPLATES } from '../src/mail/index';
import type { PurchaseRow } from '../src/payments/purchases';
import { listConsents } from '../src/privacy/consent-records';
import { maybeCreatePostgresDatabase } from './support/server-process';

/**
 * Migrations run on databases that already hold people's answers, so each one that rebuilds a
 * table or corrects data is run here over data written under the migration before it: on a
 * SQLite file, or on a PostgreSQL database of its own when DATABASE_URL is set.
 */
describe(`migrations over existing data (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  let database: DatabaseHandle | undefined;
  let dataDir: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await database?.close();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    database = dataDir = dropDatabase = undefined;
  });

  async function databaseAt(migration: string): Promise<DatabaseHandle> {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bloom-migration-'));
    const postgres = await maybeCreatePostgresDatabase();
    dropDatabase = postgres.drop;
    database = openDatabase({ databaseUrl: postgres.databaseUrl, dataDir });
    await migrateTo(database.db, migration);
    return database;
  }

  async function migrateTo(db: DatabaseHandle['db'], migration: string): Promise<void> {
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(migration);
    if (error) throw error;
  }

  const now = '2026-11-23T08:00:00.000Z';

  /** Guest u1 and their assessments, all started at `now`, as 0001 stores them. */
  async function insertGuestWithAssessments(db: DatabaseHandle['db'], assessmentIds: string[]): Promise<void> {
    await db.insertInto('users').values({ id: 'u1', user_name: 'Guest', is_guest: 1, coach_status: 'none', research_opt_in: 0, access_pre_granted: 0, created_at: now, updated_at: now }).execute();
    for (const id of assessmentIds) {
      await db.insertInto('assessments').values({ id, user_id: 'u1', is_ninety_item: 0, coach_access_granted: 0, client_access_granted: 0, created_at: now }).execute();
    }
  }

  it('0002 keeps every answer, the key and the cascade, and stores the table in key order', async () => {
    const { db, sqlite } = await databaseAt('0001_initial');
    await insertGuestWithAssessments(db, ['a1', 'a2']);
    const answers = ['a1', 'a2'].flatMap((assessment_id) =>
      ['q3', 'q1', 'q2'].map((question_guid, order_index) => ({ assessment_id, question_guid, response: order_index + 1, order_index, updated_at: now })),
    );
    await db.insertInto('responses').values(answers).execute();

    await migrateToLatest(db);

    const stored = await db.selectFrom('responses').selectAll().orderBy('assessment_id').orderBy('question_guid').execute();
    expect(stored).toEqual([...answers].sort((x, y) => (x.assessment_id + x.question_guid).localeCompare(y.assessment_id + y.question_guid)));
    // The primary key still refuses a second row for the same question…
    await expect(db.insertInto('responses').values({ ...answers[0]!, response: 5 }).execute()).rejects.toThrow();
    // …and the foreign key still refuses an unknown assessment and cascades a deleted one.
    await expect(db.insertInto('responses').values({ ...answers[0]!, assessment_id: 'nobody' }).execute()).rejects.toThrow();
    await db.deleteFrom('assessments').where('id', '=', 'a1').execute();
    expect(await db.selectFrom('responses').select('assessment_id').distinct().execute()).toEqual([{ assessment_id: 'a2' }]);

    if (sqlite) {
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'responses'`.execute(db);
      expect(rows[0]?.sql).toMatch(/without rowid\s*$/i);
      expect(sqlite.pragma('foreign_key_check', { simple: false })).toEqual([]);
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    }
  });

  it('0003 lets a person\'s latest assessment be read off the index, tie-break included', async () => {
    const { db, sqlite } = await databaseAt('0003_latest_assessment_index');
    await insertGuestWithAssessments(db, ['a1', 'a3', 'a2']);
    const latest = db.selectFrom('assessments').select('id').where('user_id', '=', 'u1').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1);
    expect(await latest.executeTakeFirst()).toEqual({ id: 'a3' });
    if (sqlite) {
      const compiled = latest.compile();
      const plan = sqlite.prepare(`explain query plan ${compiled.sql}`).all(...compiled.parameters) as Array<{ detail: string }>;
      expect(plan).toHaveLength(1);
      expect(plan[0]!.detail).toMatch(/^SEARCH assessments USING (COVERING )?INDEX assessments_user_id_created_id_idx \(user_id=\?\)$/);
    }
  });
  it('0005 turns pre-grants a coach set into requests, names who acted, and gives every shared assessment an open record', async () => {
    const { db, sqlite } = await databaseAt('0004_coach_vetting');
    const person = (id: string, extra: Record<string, unknown> = {}) => ({ id, user_name: `${id}@x.test`, is_guest: 0, coach_status: 'none', research_opt_in: 0, access_pre_granted: 0, created_at: now, updated_at: now, ...extra });
    await db.insertInto('users').values([person('coach', { coach_status: 'approved' }), person('gone-coach', { coach_status: 'approved' })]).execute();
    await db.insertInto('users').values([person('client', { coach_id: 'coach', access_pre_granted: 1, research_opt_in: 1 }), person('plain', { coach_id: 'coach' })]).execute();
    const assessment = (id: string, user_id: string, coach_access_granted: number) => ({ id, user_id, is_ninety_item: 0, coach_access_granted, client_access_granted: 0, created_at: now });
    // a1 was shared through the pre-grant (no record), a2 by the client (record), a3 not shared.
    await db.insertInto('assessments').values([assessment('a1', 'client', 1), assessment('a2', 'client', 1), assessment('a3', 'client', 0)]).execute();
    const consent = (id: string, kind: string, subject_id: string | null, revoked_at: string | null = null) => ({ id, user_id: 'client', kind, subject_id, granted_at: now, revoked_at });
    await db
      .insertInto('consents')
      .values([consent('c-research', 'research', null), consent('c-pre', 'pre_grant', 'coach'), consent('c-a2', 'coach_access', 'a2'), consent('c-release', 'client_access', 'a3'), consent('c-old-pre', 'pre_grant', 'gone-coach', now)])
      .execute();
    await db.deleteFrom('users').where('id', '=', 'gone-coach').execute();

    await migrateToLatest(db);

    const users = await db.selectFrom('users').select(['id', 'access_pre_granted']).where('id', 'in', ['client', 'plain']).orderBy('id').execute();
    expect(users).toEqual([{ id: 'client', access_pre_granted: 0 }, { id: 'plain', access_pre_granted: 0 }]);
    const requests = await db.selectFrom('pre_grant_requests').select(['client_id', 'coach_id', 'status']).execute();
    expect(requests).toEqual([{ client_id: 'client', coach_id: 'coach', status: 'requested' }]);
    const rows = await db.selectFrom('consents').select(['id', 'kind', 'subject_id', 'granted_by', 'revoked_at', 'revoked_by']).orderBy('kind').orderBy('subject_id').execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get('c-research')).toMatchObject({ granted_by: 'client', revoked_at: null });
    expect(byId.get('c-a2')).toMatchObject({ granted_by: 'client', revoked_at: null });
    // The coach's act is the coach's; it is closed, with nobody named as withdrawing it.
    expect(byId.get('c-pre')).toMatchObject({ granted_by: 'coach', revoked_by: null });
    expect(byId.get('c-pre')!.revoked_at).not.toBeNull();
    expect(byId.get('c-old-pre')).toMatchObject({ granted_by: null });
    expect(byId.get('c-release')).toMatchObject({ granted_by: null, revoked_at: null });
    const openSharing = rows.filter((row) => row.kind === 'coach_access' && row.revoked_at === null).map((row) => [row.subject_id, row.granted_by]);
    expect(openSharing).toEqual([['a1', null], ['a2', 'client']]);

    // granted_by follows the person: deleting the coach clears it rather than blocking the deletion.
    await db.deleteFrom('pre_grant_requests').execute();
    await db.updateTable('users').set({ coach_id: null }).execute();
    await db.deleteFrom('users').where('id', '=', 'coach').execute();
    expect((await db.selectFrom('consents').select('granted_by').where('id', '=', 'c-pre').executeTakeFirstOrThrow()).granted_by).toBeNull();
    if (sqlite) expect(sqlite.pragma('foreign_key_check', { simple: false })).toEqual([]);
  });

  it('0010 names the member as giver and withdrawer of consents an earlier merge moved from their guest, and nothing else', async () => {
    const { db, sqlite } = await databaseAt('0009_postgres_round_trips');
    const person = (id: string, extra: Record<string, unknown> = {}) => ({ id, user_name: `${id}@x.test`, is_guest: 0, coach_status: 'none', research_opt_in: 0, access_pre_granted: 0, created_at: now, updated_at: now, ...extra });
    const guest = (id: string, merged_into: string | null) => person(id, { user_name: 'Guest', is_guest: 1, merged_into });
    await db.insertInto('users').values([person('member', { research_opt_in: 1 }), person('historic'), person('coach', { coach_status: 'approved' })]).execute();
    await db.insertInto('users').values([person('client', { coach_id: 'coach' }), guest('guest', 'member'), guest('kept-guest', 'historic'), guest('open-guest', null)]).execute();
    await db.insertInto('assessments').values({ id: 'a1', user_id: 'client', is_ninety_item: 1, coach_access_granted: 0, client_access_granted: 1, created_at: now }).execute();
    const consent = (id: string, user_id: string, granted_by: string | null, revoked_by: string | null = null, kind = 'research', subject_id: string | null = null) => ({
      id, user_id, kind, subject_id, granted_at: now, revoked_at: revoked_by ? now : null, granted_by, revoked_by,
    });
    await db
      .insertInto('consents')
      .values([
        // Moved to the member by a merge before the fix: the guest still named.
        consent('moved-withdrawn', 'member', 'guest', 'guest'),
        consent('moved-open', 'member', 'guest'),
        consent('members-own', 'member', 'member'),
        // A guest merged into someone else is not this member.
        consent('other-guest', 'member', 'kept-guest', 'kept-guest'),
        // Left on the guest row because its member had history; and a guest not merged at all.
        consent('kept-on-guest', 'kept-guest', 'kept-guest', 'kept-guest'),
        consent('unmerged-guest', 'open-guest', 'open-guest'),
        // A coach's acts stay the coach's.
        consent('coach-released', 'client', 'coach', null, 'client_access', 'a1'),
        consent('coach-ended', 'client', 'client', 'coach', 'coach_access', 'a1'),
        consent('not-recorded', 'client', null, null, 'client_access', 'a1'),
      ])
      .execute();
    const before = await db.selectFrom('consents').selectAll().orderBy('id').execute();

    // Up to 0010 only: later migrations add columns to these rows.
    await migrateTo(db, '0010_merged_guest_consent_actors');

    const after = await db.selectFrom('consents').selectAll().orderBy('id').execute();
    const corrected = new Map([
      ['moved-withdrawn', { granted_by: 'member', revoked_by: 'member' }],
      ['moved-open', { granted_by: 'member', revoked_by: null }],
    ]);
    expect(after).toEqual(before.map((row) => ({ ...row, ...corrected.get(row.id) })));

    // The member's privacy page now says "by you" for both.
    const member = await db.selectFrom('users').selectAll().where('id', '=', 'member').executeTakeFirstOrThrow();
    const shown = new Map((await listConsents(db, member)).map((record) => [record.id, record]));
    expect(shown.get('moved-withdrawn')).toMatchObject({ grantedBy: { id: 'member', isYou: true }, revokedBy: { id: 'member', isYou: true } });
    expect(shown.get('moved-open')).toMatchObject({ grantedBy: { id: 'member', isYou: true }, revokedBy: null });
    if (sqlite) expect(sqlite.pragma('foreign_key_check', { simple: false })).toEqual([]);
  });
  it('0013 reads the coach list off its indexes: the clients in order, their assessments, and a page of clients by id', async () => {
    const { db, sqlite } = await databaseAt('0012_postgres_answer_save_finds_assessment');
    const person = (id: string, coach_id: string | null, last_name: string) => ({
      id, user_name: id, first_name: 'Pat', last_name, coach_id, is_guest: 0, coach_status: coach_id ? 'none' : 'approved', research_opt_in: 0, access_pre_granted: 0, created_at: now, updated_at: now,
    });
    await db.insertInto('users').values([person('coach', null, 'Coach'), person('other', null, 'Other')]).execute();
    const clients = Array.from({ length: 60 }, (_, i) => person(`c${String(i).padStart(2, '0')}`, i % 3 === 0 ? 'other' : 'coach', `Name ${59 - i}`));
    await db.insertInto('users').values(clients).execute();
    const assessment = (id: string, user_id: string, created_at: string, completed_at: string | null) => ({ id, user_id, is_ninety_item: 0, coach_access_granted: 1, client_access_granted: 0, created_at, completed_at });
    await db.insertInto('assessments').values(clients.flatMap((c, i) => [assessment(`${c.id}-a`, c.id, now, now), assessment(`${c.id}-b`, c.id, `2026-11-24T0${i % 10}:00:00.000Z`, i % 2 ? now : null)])).execute();

    await migrateToLatest(db);

    const recorder = new QueryRecorder(db);
    const recorded = db.withPlugin(recorder);
    const mine = clients.filter((c) => c.coach_id === 'coach').sort((a, b) => a.last_name.localeCompare(b.last_name));
    const whole = await dashboardEntries(recorded, 'coach', 'all');
    expect(whole.map((entry) => entry.user.id)).toEqual(mine.map((c) => c.id));
    const page = await dashboardEntries(recorded, 'coach', [mine[3]!.id, mine[1]!.id, 'c00']);
    expect(page.map((entry) => entry.user.id)).toEqual([mine[1]!.id, mine[3]!.id]);
    if (!sqlite) return;
    const [wholeList, pageById] = recorder.queries.filter((query) => query.sql.includes('"assessments"'));
    const planOf = (query: CompiledQuery) => (prepareStatement(sqlite, `explain query plan ${query.sql}`).all(...query.parameters) as Array<{ detail: string }>).map((step) => step.detail);
    // The whole list: the clients straight off the index in order (no sort), each one's assessments
    // off theirs (0017's since the lists hold unfinished assessments with results); the answers of
    // an unfinished one and the release of a released one are looked up by key.
    expect(planOf(wholeList!)).toEqual([
      'SEARCH users USING COVERING INDEX users_coach_clients_idx (coach_id=?)',
      'SEARCH assessments USING COVERING INDEX assessments_by_user_idx (user_id=?) LEFT-JOIN',
      'CORRELATED SCALAR SUBQUERY 1',
      'SEARCH responses USING PRIMARY KEY (assessment_id=?)',
      'CORRELATED SCALAR SUBQUERY 2',
      'SEARCH consents USING INDEX consents_user_id_idx (user_id=?)',
    ]);
    // A page: its clients by id, never every client of the coach.
    expect(planOf(pageById!)[0]).toMatch(/^SEARCH users USING INDEX sqlite_autoindex_users_1 \(id=\?\)$/);
  });
  it('0017 lists unfinished assessments with results to the coach, and reads a person\'s latest assessment off its one index', async () => {
    const { db, sqlite } = await databaseAt('0016_one_pending_checkout_per_assessment');
    const person = (id: string, coach_id: string | null) => ({ id, user_name: id, first_name: 'Pat', last_name: id, coach_id, is_guest: 0, coach_status: coach_id ? 'none' : 'approved', research_opt_in: 0, access_pre_granted: 0, created_at: now, updated_at: now });
    await db.insertInto('users').values([person('coach', null), person('client', 'coach')]).execute();
    const assessment = (id: string, created_at: string, completed_at: string | null) => ({ id, user_id: 'client', is_ninety_item: 0, coach_access_granted: 1, client_access_granted: 0, created_at, completed_at });
    await db
      .insertInto('assessments')
      .values([assessment('finished', now, now), assessment('results', '2026-11-24T08:00:00.000Z', null), assessment('short', '2026-11-25T08:00:00.000Z', null)])
      .execute();
    // Every Rapid Experiences and Feelings question for 'results'; three Experiences ones for 'short'.
    const rapid = questionsForTrack('Rapid');
    const answer = (assessment_id: string) => (question: (typeof rapid)[number]) => ({ assessment_id, question_guid: question.questionGuid, response: 2, order_index: question.order, updated_at: now });
    await db.insertInto('responses').values(rapid.filter((question) => question.module !== 'Energy').map(answer('results'))).execute();
    await db.insertInto('responses').values(rapid.filter((question) => question.module === 'Experiences').slice(0, 3).map(answer('short'))).execute();

    await migrateToLatest(db);

    const [entry] = await dashboardEntries(db, 'coach', 'all');
    expect(entry!.assessments.map((listed) => listed.id)).toEqual(['results', 'finished']);
    const latest = db.selectFrom('assessments').selectAll().where('user_id', '=', 'client').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1);
    expect((await latest.executeTakeFirstOrThrow()).id).toBe('short');
    if (!sqlite) return;
    const indexes = (sqlite.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'assessments' and sql is not null order by name").all() as Array<{ name: string }>).map((row) => row.name);
    expect(indexes).toEqual(['assessments_by_user_idx']);
    const compiled = latest.compile();
    const plan = (sqlite.prepare(`explain query plan ${compiled.sql}`).all(...compiled.parameters) as Array<{ detail: string }>).map((step) => step.detail);
    // The index holds every column of the table: the whole row comes off it, tie-break included.
    expect(plan).toEqual(['SEARCH assessments USING COVERING INDEX assessments_by_user_idx (user_id=?)']);
  });
  it.skipIf(!process.env.DATABASE_URL)('0014 sets or clears the completion mark only when the count crosses what the track needs, and keeps the time it was set', async () => {
    const { db } = await databaseAt('0013_coach_list_covering_indexes');
    await insertGuestWithAssessments(db, ['a1']);
    await migrateToLatest(db);
    const save = async (questions: string[], needed: number, ninetyItem = 0, at = now) =>
      (await sql<{ outcome: string }>`select bloom_save_latest_answers(${'u1'}, ${ninetyItem}, ${questions}::text[], ${questions.map(() => 3)}::integer[], ${questions.map((_, i) => i)}::integer[], ${at}, ${needed}) as outcome`.execute(db)).rows[0]!.outcome;
    const completedAt = async () => (await db.selectFrom('assessments').select('completed_at').where('id', '=', 'a1').executeTakeFirstOrThrow()).completed_at;

    expect(await save(['q1'], 3, 1)).toBe('other_track');
    expect(await save(['q1', 'q2'], 3)).toBe('saved');
    expect(await completedAt()).toBeNull();
    expect(await save(['q3'], 3, 0, '2026-11-23T09:00:00.000Z')).toBe('saved');
    expect(await completedAt()).toBe('2026-11-23T09:00:00.000Z');
    // Saved again while complete: the mark keeps the time it was set.
    expect(await save(['q2'], 3, 0, '2026-11-23T10:00:00.000Z')).toBe('saved');
    expect(await completedAt()).toBe('2026-11-23T09:00:00.000Z');
    // A track that needs more than is answered: the mark goes, as 0012 did.
    expect(await save(['q2'], 4)).toBe('saved');
    expect(await completedAt()).toBeNull();
    expect(await db.selectFrom('responses').select(['question_guid', 'response']).where('assessment_id', '=', 'a1').orderBy('question_guid').execute()).toEqual(
      ['q1', 'q2', 'q3'].map((question_guid) => ({ question_guid, response: 3 })),
    );
    expect((await sql<{ outcome: string }>`select bloom_save_latest_answers(${'nobody'}, 0, ${['q1']}::text[], ${[1]}::integer[], ${[0]}::integer[], ${now}, 3) as outcome`.execute(db)).rows[0]!.outcome).toBe('none');
  });
  it('0015 names the coach of every sharing still open, from the person\'s row, and leaves closed ones unrecorded', async () => {
    const { db } = await databaseAt('0014_postgres_answer_save_marks_only_changes');
    const person = (id: string, extra: Record<string, unknown> = {}) => ({ id, user_name: `${id}@x.test`, is_guest: 0, coach_status: 'none', research_opt_in: 0, access_pre_granted: 0, created_at: now, updated_at: now, ...extra });
    await db.insertInto('users').values([person('coach', { coach_status: 'approved', first_name: 'Casey' }), person('loner')]).execute();
    await db.insertInto('users').values(person('client', { coach_id: 'coach' })).execute();
    await db.insertInto('assessments').values(['a1', 'a2'].map((id) => ({ id, user_id: 'client', is_ninety_item: 0, coach_access_granted: id === 'a1' ? 1 : 0, client_access_granted: 0, created_at: now }))).execute();
    const consent = (id: string, user_id: string, kind: string, subject_id: string | null, revoked: boolean) => ({
      id, user_id, kind, subject_id, granted_at: now, revoked_at: revoked ? now : null, granted_by: user_id, revoked_by: revoked ? user_id : null,
    });
    await db
      .insertInto('consents')
      .values([
        consent('open-sharing', 'client', 'coach_access', 'a1', false),
        consent('ended-sharing', 'client', 'coach_access', 'a2', true),
        consent('research', 'client', 'research', null, false),
        consent('loner-research', 'loner', 'research', null, false),
      ])
      .execute();

    await migrateToLatest(db);

    const coachOf = new Map((await db.selectFrom('consents').select(['id', 'coach_id']).execute()).map((row) => [row.id, row.coach_id]));
    expect(Object.fromEntries(coachOf)).toEqual({ 'open-sharing': 'coach', 'ended-sharing': null, research: null, 'loner-research': null });
    const client = await db.selectFrom('users').selectAll().where('id', '=', 'client').executeTakeFirstOrThrow();
    const shown = new Map((await listConsents(db, client)).map((record) => [record.id, record]));
    expect(shown.get('open-sharing')?.coach).toMatchObject({ id: 'coach', firstName: 'Casey' });
    expect(shown.get('ended-sharing')?.coach).toBeNull();
  });

  it('0016 keeps the newest pending checkout of each assessment and provider, closes the older ones, and then refuses a second', async () => {
    const { db } = await databaseAt('0015_consent_coach');
    await insertGuestWithAssessments(db, ['a1', 'a2', 'a3']);
    const purchase = (id: string, assessment_id: string | null, provider: string, status: PurchaseRow['status'], minute: number) => ({
      id, assessment_id, user_id: 'u1', provider, provider_ref: `ref-${id}`, amount_cents: 999, currency: 'usd', status,
      created_at: new Date(Date.parse(now) + minute * 60_000).toISOString(), fulfilled_at: null,
    });
    await db
      .insertInto('purchases')
      .values([
        purchase('older', 'a1', 'sandbox', 'pending', 1),
        purchase('newest', 'a1', 'sandbox', 'pending', 3),
        purchase('middle', 'a1', 'sandbox', 'pending', 2),
        // Opened in the same millisecond: the id decides, as it does for a person's latest assessment.
        purchase('tie-1', 'a3', 'sandbox', 'pending', 0),
        purchase('tie-2', 'a3', 'sandbox', 'pending', 0),
        purchase('paid', 'a1', 'sandbox', 'paid', 0),
        purchase('stripe', 'a1', 'stripe', 'pending', 0),
        purchase('other-assessment', 'a2', 'sandbox', 'pending', 0),
        purchase('erased-1', null, 'sandbox', 'pending', 0),
        purchase('erased-2', null, 'sandbox', 'pending', 1),
      ])
      .execute();

    await migrateToLatest(db);

    const statuses = Object.fromEntries((await db.selectFrom('purchases').select(['id', 'status']).execute()).map((row) => [row.id, row.status]));
    expect(statuses).toEqual({
      older: 'cancelled',
      newest: 'pending',
      middle: 'cancelled',
      'tie-1': 'cancelled',
      'tie-2': 'pending',
      paid: 'paid',
      stripe: 'pending',
      'other-assessment': 'pending',
      // Erased purchases (no assessment any more) are no one's checkout and stay as they were.
      'erased-1': 'pending',
      'erased-2': 'pending',
    });
    await expect(db.insertInto('purchases').values(purchase('second', 'a1', 'sandbox', 'pending', 4)).execute()).rejects.toThrow();
    await db.insertInto('purchases').values([purchase('closed', 'a1', 'sandbox', 'cancelled', 4), purchase('bought', 'a1', 'sandbox', 'fulfilled', 4)]).execute();
  });

  it('0018 keeps every purchase, with no buyer\'s time zone known (its receipt dates in UTC, and says so), and stores one from then on', async () => {
    const { db } = await databaseAt('0017_assessments_by_user_covering_index');
    await insertGuestWithAssessments(db, ['a1']);
    const before = { id: 'p1', assessment_id: 'a1', user_id: 'u1', provider: 'sandbox', provider_ref: 'ref-p1', amount_cents: 999, currency: 'usd', status: 'fulfilled' as const, created_at: now, fulfilled_at: now };
    await db.insertInto('purchases').values(before).execute();

    await migrateToLatest(db);

    expect(await db.selectFrom('purchases').selectAll().execute()).toEqual([{ ...before, time_zone: null }]);
    await db.insertInto('purchases').values({ ...before, id: 'p2', provider_ref: 'ref-p2', time_zone: 'America/Los_Angeles' }).execute();
    expect((await db.selectFrom('purchases').select('time_zone').where('id', '=', 'p2').executeTakeFirstOrThrow()).time_zone).toBe('America/Los_Angeles');
  });

  it('0019 makes the Professional results of a person without a coach their own, and leaves a coached person\'s and every Rapid one as they were', async () => {
    const { db } = await databaseAt('0018_purchase_time_zone');
    const user = (id: string, coachId: string | null) => ({ id, user_name: id, is_guest: 0, coach_status: 'none', coach_id: coachId, research_opt_in: 0, access_pre_granted: 0, created_at: now, updated_at: now });
    await db.insertInto('users').values([user('coach', null), user('alone', null), user('coached', 'coach')]).execute();
    const assessment = (id: string, userId: string, isNinetyItem: number, clientAccessGranted = 0) => ({ id, user_id: userId, is_ninety_item: isNinetyItem, coach_access_granted: 0, client_access_granted: clientAccessGranted, created_at: now });
    await db
      .insertInto('assessments')
      .values([
        assessment('alone-pro', 'alone', 1),
        assessment('alone-rapid', 'alone', 0),
        assessment('coached-pro', 'coached', 1),
        assessment('coached-released', 'coached', 1, 1),
        assessment('coached-rapid', 'coached', 0),
      ])
      .execute();

    await migrateToLatest(db);

    const rows = await db.selectFrom('assessments').select(['id', 'client_access_granted']).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.client_access_granted]))).toEqual({
      'alone-pro': 1,
      'alone-rapid': 0,
      'coached-pro': 0,
      'coached-released': 1,
      'coached-rapid': 0,
    });
    // Nothing else of the rows changed, and no consent record was made: no coach released them.
    expect(await db.selectFrom('consents').selectAll().execute()).toEqual([]);
  });

  it('0011 finds the mail to one address through its index, oldest first, for the export and for erasure alike', async () => {
    const { db, sqlite } = await databaseAt('0010_merged_guest_consent_actors');
    // An outbox of 2,000 messages to 500 people, so PostgreSQL's planner, once it has statistics,
    // prefers an index it can use over reading the table.
    const messages = Array.from({ length: 2_000 }, (_, index) => ({
      id: `m${String(index).padStart(5, '0')}`,
      recipient: index % 500 === 7 ? `Person.${index % 500}@Bloom.test` : `person.${index % 500}@bloom.test`,
      template: MAIL_TEMPLATES[index % MAIL_TEMPLATES.length]!,
      data: '{}',
      created_at: new Date(Date.parse(now) - index * 60_000).toISOString(),
      attempts: 1,
      next_attempt_at: now,
      sent_at: now,
      last_error: null,
    }));
    for (let start = 0; start < messages.length; start += 200) await db.insertInto('mail_outbox').values(messages.slice(start, start + 200)).execute();

    await migrateToLatest(db);
    if (!sqlite) await sql`analyze mail_outbox`.execute(db);

    // The queries exactly as mail/ builds them, caught on their way to the database.
    const recorder = new QueryRecorder(db);
    const recorded = db.withPlugin(recorder);
    const listed = await listMailTo(recorded, 'PERSON.7@bloom.test');
    expect(listed.map((mail) => mail.id)).toEqual(messages.filter((_, index) => index % 500 === 7).map((mail) => mail.id).reverse());
    await listMailTo(recorded, 'person.7@bloom.test', ACCOUNT_MAIL_TEMPLATES);
    await forgetMailTo(recorded, 'person.7@bloom.test', ACCOUNT_MAIL_TEMPLATES);
    await forgetMailTo(recorded, 'person.7@bloom.test');
    expect(await db.selectFrom('mail_outbox').select('id').where(sql<boolean>`lower(recipient) = ${'person.7@bloom.test'}`).execute()).toEqual([]);
    expect(recorder.queries).toHaveLength(4);

    for (const query of recorder.queries) {
      if (sqlite) {
        const plan = (sqlite.prepare(`explain query plan ${query.sql}`).all(...query.parameters) as Array<{ detail: string }>).map((step) => step.detail);
        // One search of the index by the address, and no sort of what it finds.
        expect(plan, query.sql).toEqual([expect.stringMatching(/^SEARCH mail_outbox USING INDEX mail_outbox_recipient_idx \(<expr>=\?\)$/)]);
      } else {
        const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${inlined(query)}`).execute(db);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        // An index scan or a bitmap scan of the index, as the planner costs it; never the whole table.
        expect(plan, query.sql).toMatch(/Index Scan (using|on) mail_outbox_recipient_idx\b/);
        expect(plan, query.sql).not.toMatch(/Seq Scan/);
      }
    }
  });
});

/** Keeps every query run through the Kysely it is plugged into, compiled as the database receives it. */
class QueryRecorder implements KyselyPlugin {
  readonly queries: CompiledQuery[] = [];
  constructor(private readonly db: DatabaseHandle['db']) {}
  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    this.queries.push(this.db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  };
  transformResult: KyselyPlugin['transformResult'] = async (args) => args.result;
}

/** PostgreSQL's EXPLAIN takes no bind parameters: the query with its strings written in (test data only, quoted as literals). */
function inlined(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_whole, position: string) => `'${String(query.parameters[Number(position) - 1]).replaceAll("'", "''")}'`);
}
