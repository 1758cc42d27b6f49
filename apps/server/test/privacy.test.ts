import { personalDataExportSchema, type ConsentRecord } from '@bloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ISSUER_KEY } from '../src/auth/relying-party';
import { sha256 } from '../src/lib/crypto';
import { eraseUnreachableGuests, GUEST_KEEP_MS } from '../src/privacy/erasure';
import { recomputeNorms } from '../src/norms/norms-service';
import { mergeGuestIntoMember } from '../src/users/guest-merge';
import { formAction, getLoginUrl, openProviderLogin, postForm, signIn, type Person } from './auth-helpers';
import { coach as newCoach, newOrganization, newGroup, person as someone } from './coach-fixtures';
import { signInAs, startTestServer, type TestClient, type TestServer } from './harness';
import { answerEverything, buyWithSandbox, memberWithAssessment } from './reports-fixtures';
import { LIFE_DATA } from './support/world';

/**
 * The person's rights over their data (GDPR Art. 7, 15, 17, 20): export everything, erase
 * everything (bookkeeping aside), see and withdraw each consent; and the research norms
 * built from opted-in answers hold no one's identity.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const sessionToken = (client: TestClient) => client.cookies.get('bloom_session')!;

interface FullMember {
  client: TestClient;
  person: Person;
  userId: string;
  guestId: string;
  assessmentId: string;
  coachId: string;
  coachClient: TestClient;
  groupId: string;
}

/**
 * A member with a bit of everything: began as a guest (merged at sign-up through the
 * embedded provider), finished a Rapid assessment with life data, opted into research,
 * joined a coach's group, shared the assessment with the coach, and bought its plan.
 */
async function fullMember(): Promise<FullMember> {
  const coach = await newCoach(server);
  const { defaultGroupGuid, organizationGuid } = await newOrganization(coach, `Org ${Math.random().toString(36).slice(2, 7)}`);
  const groupId = await newGroup(coach, organizationGuid, 'Tuesday group');
  expect(defaultGroupGuid).toBeTruthy();

  const client = server.client();
  const guest = await client.post('/api/user/ContinueAsGuest', { referrer: 'flyer' });
  const assessment = await client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
  const { person, response } = await signIn(server, client, { flow: 'end' });
  const userId = response.body.user.id as string;
  await answerEverything(client, (index) => (index * 3) % 5);
  expect((await client.post('/api/user/SaveLifeData', LIFE_DATA)).status).toBe(200);
  expect((await client.post('/api/user/SaveResearchOptIn/true')).status).toBe(200);
  expect((await client.post(`/api/organization/AssignGroupToUser/${groupId}`)).status).toBe(200);
  expect((await client.post(`/api/user/SetCoachAccessGranted/${assessment.body.id}`)).status).toBe(200);
  const bought = await buyWithSandbox({ client, userId, assessmentId: assessment.body.id });
  expect(bought.callback.body.unlocked).toBe(true);
  return { client, person, userId, guestId: guest.body.id, assessmentId: assessment.body.id, coachId: coach.id, coachClient: coach.client, groupId };
}

describe('GET /api/user/ExportMyData', () => {
  it('gives the caller everything held about them, as a JSON attachment, and nothing about anyone else', async () => {
    const member = await fullMember();
    const stranger = await memberWithAssessment(server);
    const strangerRow = await db().selectFrom('users').selectAll().where('id', '=', stranger.userId).executeTakeFirstOrThrow();

    const response = await member.client.get('/api/user/ExportMyData');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="bloom-my-data.json"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const data = personalDataExportSchema.strict().parse(response.body);

    // The profile's e-mail is one the provider vouches for, which this address is not until its link is followed (decision 0028); the sign-in account has it as typed.
    expect(data.profile).toMatchObject({ id: member.userId, email: null, firstName: 'Ada', isGuest: false, researchOptIn: true, referrer: 'flyer' });
    expect(data.signInAccount).toMatchObject({ email: member.person.email, firstName: member.person.firstName, lastName: member.person.lastName, emailVerifiedAt: null });
    // The guest visit the sign-up merged, where it came from.
    expect(data.mergedVisits).toEqual([expect.objectContaining({ id: member.guestId, referrer: 'flyer' })]);
    expect(data.coach).toMatchObject({ id: member.coachId, firstName: 'Casey', lastName: 'Coach' });
    expect(data.group).toMatchObject({ id: member.groupId, name: 'Tuesday group' });
    const [assessment] = data.assessments;
    expect(assessment).toMatchObject({ id: member.assessmentId, type: 'Rapid', coachAccessGranted: true });
    expect(assessment!.completedAt).not.toBeNull();
    const stored = await db().selectFrom('responses').select(['question_guid', 'response']).where('assessment_id', '=', member.assessmentId).execute();
    expect(assessment!.answers).toHaveLength(stored.length);
    expect(new Map(assessment!.answers.map((a) => [a.questionGuid, a.response]))).toEqual(new Map(stored.map((r) => [r.question_guid, r.response])));
    expect(assessment!.lifeData).toMatchObject(LIFE_DATA);
    expect(data.consents.map((c) => c.kind).sort()).toEqual(['coach_access', 'research']);
    expect(data.purchases).toEqual([expect.objectContaining({ assessmentId: member.assessmentId, status: 'fulfilled', amountCents: 999 })]);
    expect(data.sessions).toHaveLength(1);

    // Never secrets, never other people.
    const text = response.text;
    const account = await db().selectFrom('identity_accounts').select('password_hash').where('email', '=', member.person.email).executeTakeFirstOrThrow();
    const sessionIds = await db().selectFrom('sessions').select('id').where('user_id', '=', member.userId).execute();
    const purchaseRefs = await db().selectFrom('purchases').select('provider_ref').where('user_id', '=', member.userId).execute();
    const forbidden = [
      account.password_hash,
      '$argon2',
      member.person.password,
      sessionToken(member.client),
      ...sessionIds.map((row) => row.id),
      ...purchaseRefs.map((row) => row.provider_ref),
      stranger.userId,
      stranger.assessmentId,
      strangerRow.email!,
      // The coach appears by the name they show to clients, never by their e-mail.
      (await db().selectFrom('users').select('email').where('id', '=', member.coachId).executeTakeFirstOrThrow()).email!,
    ];
    for (const secret of forbidden) expect(text, secret).not.toContain(secret);
  });

  it('lists the guest visits merged into the account, with where each came from, though the account kept its own referrer', async () => {
    const member = await someone(server);
    const guest = await someone(server, { guest: true });
    await db().updateTable('users').set({ referrer: 'partner-site' }).where('id', '=', member.id).execute();
    await db()
      .updateTable('users')
      .set({ referrer: 'spring-newsletter', last_visited_route: '/Rapid/Feelings', created_at: '2026-11-01T08:00:00.000Z', research_opt_in: 1 })
      .where('id', '=', guest.id)
      .execute();
    expect(await mergeGuestIntoMember(db(), guest.id, member.id)).toMatchObject({ merged: true });

    const response = await member.client.get('/api/user/ExportMyData');
    expect(response.status).toBe(200);
    const data = personalDataExportSchema.strict().parse(response.body);
    expect(data.profile.referrer).toBe('partner-site');
    expect(data.mergedVisits).toEqual([
      { id: guest.id, createdAt: '2026-11-01T08:00:00.000Z', referrer: 'spring-newsletter', lastVisitedRoute: '/Rapid/Feelings', researchOptIn: true },
    ]);
    expect(data.coachVetting).toBeNull();
    // Someone else's export has none of it.
    const other = personalDataExportSchema.strict().parse((await (await someone(server)).client.get('/api/user/ExportMyData')).body);
    expect(other.mergedVisits).toEqual([]);
  });

  it("gives a coach when an administrator approved them, never which administrator", async () => {
    const admin = await someone(server);
    const vetted = await newCoach(server);
    await db().insertInto('coach_vettings').values({ coach_id: vetted.id, vetted_at: '2026-11-20T10:00:00.000Z', vetted_by: admin.id }).execute();
    const response = await vetted.client.get('/api/user/ExportMyData');
    const data = personalDataExportSchema.strict().parse(response.body);
    expect(data.coachVetting).toEqual({ vettedAt: '2026-11-20T10:00:00.000Z' });
    expect(response.text).not.toContain(admin.id);
    expect(personalDataExportSchema.strict().parse((await (await newCoach(server)).client.get('/api/user/ExportMyData')).body).coachVetting).toBeNull();
  });

  it('works for a guest too, and is refused without a session', async () => {
    const guest = server.client();
    await guest.post('/api/user/ContinueAsGuest', {});
    await guest.post('/api/user/CreateNewAssessment/Rapid');
    const response = await guest.get('/api/user/ExportMyData');
    expect(response.status).toBe(200);
    expect(response.body.profile.isGuest).toBe(true);
    expect(response.body.assessments).toHaveLength(1);
    expect((await server.client().get('/api/user/ExportMyData')).status).toBe(401);
  });
});

describe('POST /api/user/DeleteAccount', () => {
  it('does nothing without the typed confirmation', async () => {
    const member = await memberWithAssessment(server);
    for (const body of [undefined, {}, { confirm: 'delete' }, { confirm: 'DELETE', also: true }]) {
      const response = await member.client.post('/api/user/DeleteAccount', body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('confirmation_required');
    }
    expect((await member.client.get('/api/user/getCurrentUser')).status).toBe(200);
    expect(await db().selectFrom('assessments').select('id').where('id', '=', member.assessmentId).execute()).toHaveLength(1);
  });

  it('erases the person, their guest past, sign-in account and provider state; keeps the purchase anonymised; touches nobody else', async () => {
    const member = await fullMember();
    const bystander = await memberWithAssessment(server);
    const bystanderBefore = await db().selectFrom('responses').select('question_guid').where('assessment_id', '=', bystander.assessmentId).execute();
    const user = await db().selectFrom('users').selectAll().where('id', '=', member.userId).executeTakeFirstOrThrow();
    expect(user.issuer).toBe(EMBEDDED_ISSUER_KEY);
    const subject = user.subject!;
    const providerRows = () => db().selectFrom('oidc_store').select(['model', 'payload']).where('payload', 'like', `%${subject}%`).execute();
    expect((await providerRows()).length).toBeGreaterThan(0);
    const purchase = await db().selectFrom('purchases').select('id').where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    const oldToken = sessionToken(member.client);
    // "Forgot password?" counts its links per address: a counter that names the person.
    expect((await postForm(server, server.client(), '/idp/forgot', { email: member.person.email })).status).toBe(200);
    const countersNaming = () => db().selectFrom('rate_limits').select('key').where('key', 'like', `%${member.person.email.toLowerCase()}%`).execute();
    expect((await countersNaming()).length).toBeGreaterThan(0);
    // So does changing the password (decision 0068), per sign-in account.
    const changed = await member.client.post('/api/user/ChangePassword', { currentPassword: member.person.password, newPassword: 'a brand new long password' });
    expect(changed.status).toBe(200);
    const countersOfAccount = () => db().selectFrom('rate_limits').select('key').where('key', 'like', `%${subject}%`).execute();
    expect((await countersOfAccount()).some((row) => row.key.startsWith(`idp-change:account:${subject}`))).toBe(true);
    // Starting assessments counts per account and per session, consent changes and checkouts per
    // account (decision 0082): counters named by the person's ids.
    expect((await member.client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
    const personKeys = [member.userId, member.guestId, sha256(oldToken)];
    const countersOfIds = async () => (await db().selectFrom('rate_limits').select('key').execute()).filter((row) => personKeys.some((id) => row.key.includes(id)));
    expect((await countersOfIds()).map((row) => row.key).sort()).toEqual(
      [
        `assessment-create:session:${sha256(oldToken)}`,
        `assessment-create:user:${member.guestId}`,
        `assessment-create:user:${member.userId}`,
        `consent-change:user:${member.userId}`,
        `purchase-start:user:${member.userId}`,
      ].sort(),
    );

    const response = await member.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: true });
    expect(response.headers.getSetCookie()[0]).toMatch(/^bloom_session=;/);

    const ids = [member.userId, member.guestId];
    expect(await db().selectFrom('users').select('id').where('id', 'in', ids).execute()).toEqual([]);
    expect(await db().selectFrom('assessments').select('id').where('user_id', 'in', ids).execute()).toEqual([]);
    expect(await db().selectFrom('responses').select('question_guid').where('assessment_id', '=', member.assessmentId).execute()).toEqual([]);
    expect(await db().selectFrom('life_data').select('age').where('assessment_id', '=', member.assessmentId).execute()).toEqual([]);
    expect(await db().selectFrom('consents').select('id').where('user_id', 'in', ids).execute()).toEqual([]);
    expect(await db().selectFrom('sessions').select('id').where('user_id', 'in', ids).execute()).toEqual([]);
    expect(await db().selectFrom('sessions').select('id').where('id', '=', sha256(oldToken)).execute()).toEqual([]);
    expect(await db().selectFrom('identity_accounts').select('id').where('email', '=', member.person.email).execute()).toEqual([]);
    expect(await providerRows()).toEqual([]);
    expect(await countersNaming()).toEqual([]);
    expect(await countersOfAccount()).toEqual([]);
    expect(await countersOfIds()).toEqual([]);
    expect(await db().selectFrom('purchases').select(['user_id', 'assessment_id', 'status', 'amount_cents']).where('id', '=', purchase.id).executeTakeFirstOrThrow()).toEqual({
      user_id: null,
      assessment_id: null,
      status: 'fulfilled',
      amount_cents: 999,
    });

    // The coach no longer sees them; the bystander keeps everything.
    const dashboard = await member.coachClient.get('/api/coach/GetAssessmentsByCoach');
    expect(dashboard.text).not.toContain(member.userId);
    expect(await db().selectFrom('responses').select('question_guid').where('assessment_id', '=', bystander.assessmentId).execute()).toEqual(bystanderBefore);
    expect((await bystander.client.get('/api/user/getCurrentUser')).status).toBe(200);

    // The old cookie is dead, the old password opens nothing, and the address can start afresh.
    const replay = server.client();
    replay.cookies.set('bloom_session', oldToken);
    expect((await replay.get('/api/user/getCurrentUser')).status).toBe(204);
    const again = server.client();
    const { page } = await openProviderLogin(server, again, await getLoginUrl(again, 'beginning'));
    expect((await postForm(server, again, formAction(page), { email: member.person.email, password: member.person.password })).status).toBe(401);
    const fresh = await signIn(server, server.client(), { person: member.person });
    expect(fresh.response.body.user.id).not.toBe(member.userId);
  });

  it('erases a coach: clients stay, released from the coach with their grants ended; organizations and groups go', async () => {
    const coach = await newCoach(server);
    const { organizationGuid } = await newOrganization(coach, 'Leaving org');
    const groupId = await newGroup(coach, organizationGuid, 'Leaving group');
    const client = await memberWithAssessment(server);
    expect((await client.client.post(`/api/organization/AssignGroupToUser/${groupId}`)).status).toBe(200);
    expect((await client.client.post(`/api/user/SetCoachAccessGranted/${client.assessmentId}`)).status).toBe(200);
    // Invitations count per coach: a counter named by the coach's id.
    expect((await coach.client.post('/api/coach/InviteClient', { email: `leaving-${coach.id.slice(0, 8)}@invited.test` })).status).toBe(201);
    const countersOfCoach = () => db().selectFrom('rate_limits').select('key').where('key', 'like', `%${coach.id}%`).execute();
    expect(await countersOfCoach()).toEqual([{ key: `coach-invite:user:${coach.id}` }]);

    expect((await coach.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);
    expect(await countersOfCoach()).toEqual([]);
    const row = await db().selectFrom('users').selectAll().where('id', '=', client.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ coach_id: null, group_id: null, access_pre_granted: 0 });
    const assessment = await db().selectFrom('assessments').selectAll().where('id', '=', client.assessmentId).executeTakeFirstOrThrow();
    expect(assessment.coach_access_granted).toBe(0);
    const open = await db().selectFrom('consents').select('id').where('user_id', '=', client.userId).where('kind', '=', 'coach_access').where('revoked_at', 'is', null).execute();
    expect(open).toEqual([]);
    expect(await db().selectFrom('organizations').select('id').where('coach_id', '=', coach.id).execute()).toEqual([]);
    expect(await db().selectFrom('groups').select('id').where('id', '=', groupId).execute()).toEqual([]);
  });
});

describe('guests no session can reach any more', () => {
  /** A guest who answered a whole Rapid assessment; `ago` moves their start into the past. */
  async function guestWithAnswers(ago: number): Promise<{ id: string; assessmentId: string; client: TestClient }> {
    const client = server.client();
    const guest = await client.post<{ id: string }>('/api/user/ContinueAsGuest', {});
    const assessment = await client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
    await answerEverything(client);
    await db().updateTable('users').set({ created_at: new Date(Date.now() - ago).toISOString() }).where('id', '=', guest.body.id).execute();
    return { id: guest.body.id, assessmentId: assessment.body.id, client };
  }

  it('are erased a day after their session could last, with their answers; live guests and merged visits stay', async () => {
    const gone = await guestWithAnswers(GUEST_KEEP_MS + 60_000);
    // Their cookie has expired: housekeeping deleted the session row.
    await db().deleteFrom('sessions').where('user_id', '=', gone.id).execute();
    const recent = await guestWithAnswers(GUEST_KEEP_MS - 60 * 60_000);
    await db().deleteFrom('sessions').where('user_id', '=', recent.id).execute();
    // An old guest whose session still exists is left to the session's own expiry.
    const stillSignedIn = await guestWithAnswers(GUEST_KEEP_MS + 60_000);
    const member = await fullMember();
    await db().updateTable('users').set({ created_at: new Date(Date.now() - 2 * GUEST_KEEP_MS).toISOString() }).where('id', '=', member.guestId).execute();

    expect(await eraseUnreachableGuests(db())).toBeGreaterThanOrEqual(1);
    const usersLeft = await db().selectFrom('users').select('id').where('id', 'in', [gone.id, recent.id, stillSignedIn.id, member.guestId]).execute();
    expect(usersLeft.map((row) => row.id).sort()).toEqual([recent.id, stillSignedIn.id, member.guestId].sort());
    expect(await db().selectFrom('responses').select('question_guid').where('assessment_id', '=', gone.assessmentId).execute()).toEqual([]);
    expect(await db().selectFrom('assessments').select('id').where('id', '=', gone.assessmentId).execute()).toEqual([]);
    expect((await db().selectFrom('responses').select('question_guid').where('assessment_id', '=', recent.assessmentId).execute()).length).toBe(30);
    expect((await stillSignedIn.client.get('/api/user/GetLatestAssessment')).status).toBe(200);
    expect((await member.client.get('/api/user/GetAllAssessments')).body).toHaveLength(1);
  });
});

describe('consents: listed, and each one withdrawable', () => {
  it('lists research, coach access and pre-grant; withdrawing turns the permission off and closes the record', async () => {
    const member = await fullMember();
    expect((await member.coachClient.post(`/api/coach/SetUserAccessPreGranted/${member.userId}/true`)).status).toBe(200);
    // The coach's tick is a request; the pre-grant is the client's own once they confirm it (decision 0020).
    const asked = await member.client.get('/api/user/GetPreGrantRequest');
    expect((await member.client.post(`/api/user/ConfirmPreGrantRequest/${asked.body.request.id}`)).status).toBe(200);

    const list = await member.client.get<ConsentRecord[]>('/api/user/GetMyConsents');
    expect(list.status).toBe(200);
    const byKind = new Map(list.body.map((record) => [record.kind, record]));
    expect(byKind.get('research')).toMatchObject({ revocable: true, revokedAt: null, assessment: null });
    expect(byKind.get('coach_access')).toMatchObject({ revocable: true, assessment: { id: member.assessmentId }, coach: { id: member.coachId, firstName: 'Casey' } });
    expect(byKind.get('pre_grant')).toMatchObject({ revocable: true, coach: { id: member.coachId }, grantedBy: { id: member.userId, isYou: true } });

    // Research: the flag goes off with the record.
    const research = await member.client.post<ConsentRecord>(`/api/user/RevokeConsent/${byKind.get('research')!.id}`);
    expect(research.status).toBe(200);
    expect(research.body).toMatchObject({ revocable: false });
    expect(research.body.revokedAt).not.toBeNull();
    expect((await member.client.get('/api/user/getCurrentUser')).body.researchOptIn).toBe(false);
    // Withdrawing twice changes nothing more.
    expect((await member.client.post(`/api/user/RevokeConsent/${byKind.get('research')!.id}`)).body.revokedAt).toBe(research.body.revokedAt);

    // Coach access: the coach loses the report at once.
    expect((await member.coachClient.get(`/api/data/GetBloomProfileReport/${member.assessmentId}`)).status).toBe(200);
    const revoked = await member.client.post(`/api/user/RevokeCoachAccess/${member.assessmentId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: member.assessmentId, coachAccessGranted: false });
    expect((await member.coachClient.get(`/api/data/GetBloomProfileReport/${member.assessmentId}`)).status).toBe(404);

    // Pre-grant: new assessments stop starting shared.
    expect((await member.client.post(`/api/user/RevokeConsent/${byKind.get('pre_grant')!.id}`, { pastAssessments: 'keep' })).status).toBe(200);
    expect((await member.client.get('/api/user/getCurrentUser')).body.accessPreGranted).toBe(false);
    const next = await member.client.post('/api/user/CreateNewAssessment/Rapid');
    expect(next.body.coachAccessGranted).toBe(false);

    const after = await member.client.get<ConsentRecord[]>('/api/user/GetMyConsents');
    expect(after.body.filter((record) => record.revokedAt === null)).toEqual([]);
  });

  it('names the coach an assessment was shared with, not the coach of today, once the person has changed coach', async () => {
    const member = await fullMember();
    const other = await newCoach(server);
    const { defaultGroupGuid } = await newOrganization(other, `Other ${Math.random().toString(36).slice(2, 7)}`);
    expect((await member.client.post(`/api/organization/AssignGroupToUser/${defaultGroupGuid}`)).status).toBe(200);
    const list = await member.client.get<ConsentRecord[]>('/api/user/GetMyConsents');
    const shared = list.body.find((record) => record.kind === 'coach_access')!;
    // Changing coach ended the sharing; the record still names the coach who had it.
    expect(shared.revokedAt).not.toBeNull();
    expect(shared.coach).toMatchObject({ id: member.coachId, firstName: 'Casey' });
    const exported = await member.client.get('/api/user/ExportMyData');
    expect(exported.body.consents.find((record: { kind: string }) => record.kind === 'coach_access')).toMatchObject({ coachId: member.coachId });
  });

  it('refuses to withdraw someone else’s consent (404) and the coach’s release of results (400)', async () => {
    const member = await fullMember();
    const stranger = await memberWithAssessment(server);
    const consents = await member.client.get<ConsentRecord[]>('/api/user/GetMyConsents');
    for (const record of consents.body) expect((await stranger.client.post(`/api/user/RevokeConsent/${record.id}`)).status).toBe(404);
    expect((await stranger.client.post(`/api/user/RevokeCoachAccess/${member.assessmentId}`)).status).toBe(404);
    expect((await member.client.post('/api/user/RevokeConsent/not-an-id')).status).toBe(404);

    const pro = await memberWithAssessment(server, { type: 'Professional', finish: false, coachId: member.coachId });
    expect((await member.coachClient.post(`/api/user/SetClientAccessGranted/${pro.assessmentId}`)).status).toBe(200);
    const release = (await pro.client.get<ConsentRecord[]>('/api/user/GetMyConsents')).body.find((record) => record.kind === 'client_access')!;
    expect(release.revocable).toBe(false);
    const refused = await pro.client.post(`/api/user/RevokeConsent/${release.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('not_revocable');
  });
});

describe('research data behind the norms', () => {
  it('stores only aggregates: no user id, e-mail, name or assessment id reaches a norm snapshot', async () => {
    const people = [];
    for (let index = 0; index < 3; index++) {
      const client = server.client();
      const { id, email } = await signInAs(server, client, { researchOptIn: true, firstName: `Norma${index}`, lastName: `Researcher${index}` });
      const created = await client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
      await answerEverything(client, (i) => (i + index) % 5);
      await client.post('/api/user/SaveLifeData', { ...LIFE_DATA, age: 30 + index });
      people.push({ id, email: email!, assessmentId: created.body.id, name: `Researcher${index}` });
    }
    const population = await recomputeNorms(db());
    expect(population).toBeGreaterThanOrEqual(3);
    const snapshots = await db().selectFrom('norm_snapshots').select('payload').execute();
    expect(snapshots.length).toBeGreaterThan(0);
    const users = await db().selectFrom('users').select(['id', 'email']).execute();
    const assessments = await db().selectFrom('assessments').select('id').execute();
    for (const { payload } of snapshots) {
      for (const person of people) for (const value of [person.id, person.email, person.assessmentId, person.name]) expect(payload).not.toContain(value);
      for (const row of users) {
        expect(payload).not.toContain(row.id);
        if (row.email) expect(payload).not.toContain(row.email);
      }
      for (const row of assessments) expect(payload).not.toContain(row.id);
      expect(payload).not.toMatch(/@/);
    }
  });
});
