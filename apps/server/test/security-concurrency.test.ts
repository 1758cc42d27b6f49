import { questionsForTrack } from '@bloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAtProvider, callback, newPerson } from './auth-helpers';
import { recordConsent } from '../src/consents/consents';
import { clientOf, coach as newCoach } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';
import { memberWithAssessment } from './reports-fixtures';

/**
 * Races a real browser produces: double clicks, two tabs, a grant and a withdrawal in flight
 * together, a payment confirmed twice at once. Passing means each ends in one correct state,
 * and every permission flag agrees with the consent log (open record ⇔ permission on).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

async function openConsents(userId: string, kind: string, subjectId?: string) {
  let query = db().selectFrom('consents').select(['id', 'subject_id']).where('user_id', '=', userId).where('kind', '=', kind).where('revoked_at', 'is', null);
  if (subjectId) query = query.where('subject_id', '=', subjectId);
  return query.execute();
}

describe('double submits', () => {
  it('stores a page sent ten times at once exactly once', async () => {
    const member = await memberWithAssessment(server, { finish: false });
    const page = questionsForTrack('Rapid').slice(0, 10).map((q, i) => ({ questionGuid: q.questionGuid, response: i % 5, order: q.order }));
    const results = await Promise.all(Array.from({ length: 10 }, () => member.client.post('/api/user/SaveQuestionResponse', page)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const stored = await db().selectFrom('responses').select(['question_guid', 'response']).where('assessment_id', '=', member.assessmentId).execute();
    expect(new Map(stored.map((row) => [row.question_guid, row.response]))).toEqual(new Map(page.map((a) => [a.questionGuid, a.response])));
  });

  it('ends with one whole submission when two different versions of a page race, never a mix', async () => {
    const member = await memberWithAssessment(server, { finish: false });
    const questions = questionsForTrack('Rapid').slice(0, 10);
    const version = (value: number) => questions.map((q) => ({ questionGuid: q.questionGuid, response: value, order: q.order }));
    for (let round = 0; round < 5; round++) {
      await Promise.all([member.client.post('/api/user/SaveQuestionResponse', version(1)), member.client.post('/api/user/SaveQuestionResponse', version(3))]);
      const stored = await db().selectFrom('responses').select('response').where('assessment_id', '=', member.assessmentId).execute();
      expect(stored).toHaveLength(10);
      expect(new Set(stored.map((row) => row.response)).size, `round ${round}`).toBe(1);
    }
  });

  it('completes the assessment once when the last page is sent twice at once', async () => {
    const member = await memberWithAssessment(server, { finish: false });
    const all = questionsForTrack('Rapid').map((q) => ({ questionGuid: q.questionGuid, response: 2, order: q.order }));
    const results = await Promise.all([member.client.post('/api/user/SaveQuestionResponse', all), member.client.post('/api/user/SaveQuestionResponse', all)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const row = await db().selectFrom('assessments').select('completed_at').where('id', '=', member.assessmentId).executeTakeFirstOrThrow();
    expect(row.completed_at).not.toBeNull();
  });
});

describe('two tabs signing in with the same guest', () => {
  it('merges the guest once; both tabs end signed in as the same member', async () => {
    const client = server.client();
    const guestId = (await client.post('/api/user/ContinueAsGuest', {})).body.id as string;
    const created = await client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
    const person = newPerson();
    const tabOne = await authorizeAtProvider(server, client, 'end', person);
    const tabTwo = await authorizeAtProvider(server, client, 'end', person, { existing: true });
    const [one, two] = await Promise.all([callback(client, 'end', tabOne.code, tabOne.state), callback(client, 'end', tabTwo.code, tabTwo.state)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.user.id).toBe(two.body.user.id);
    const owners = await db().selectFrom('assessments').select('user_id').where('id', '=', created.body.id).execute();
    expect(owners).toEqual([{ user_id: one.body.user.id }]);
    const guest = await db().selectFrom('users').select('merged_into').where('id', '=', guestId).executeTakeFirstOrThrow();
    expect(guest.merged_into).toBe(one.body.user.id);
  });
});

describe('a grant and a withdrawal in flight together', () => {
  it('research opt-in and opt-out racing: the flag and the consent log agree, with at most one open record', async () => {
    const member = await memberWithAssessment(server, { finish: false });
    for (let round = 0; round < 6; round++) {
      const calls = Array.from({ length: 8 }, (_, i) => member.client.post(`/api/user/SaveResearchOptIn/${(i + round) % 2 === 0}`));
      const consents = await member.client.get('/api/user/GetMyConsents');
      const open = (consents.body as Array<{ id: string; kind: string; revokedAt: string | null }>).find((c) => c.kind === 'research' && c.revokedAt === null);
      if (open) calls.push(member.client.post(`/api/user/RevokeConsent/${open.id}`));
      const results = await Promise.all(calls);
      expect(results.every((r) => r.status === 200)).toBe(true);
      const user = await db().selectFrom('users').select('research_opt_in').where('id', '=', member.userId).executeTakeFirstOrThrow();
      const openRecords = await openConsents(member.userId, 'research');
      expect(openRecords.length, `round ${round}`).toBeLessThanOrEqual(1);
      expect(openRecords.length, `round ${round}: flag ${user.research_opt_in}`).toBe(user.research_opt_in);
    }
  });

  it('coach access granted and withdrawn at once: the coach can read the report exactly when a grant is on record', async () => {
    const coach = await newCoach(server);
    const client = await clientOf(server, coach.id);
    const created = await client.client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
    const assessmentId = created.body.id;
    for (let round = 0; round < 6; round++) {
      const calls = Array.from({ length: 6 }, (_, i) =>
        (i + round) % 2 === 0 ? client.client.post(`/api/user/SetCoachAccessGranted/${assessmentId}`) : client.client.post(`/api/user/RevokeCoachAccess/${assessmentId}`),
      );
      const results = await Promise.all(calls);
      expect(results.every((r) => r.status === 200)).toBe(true);
      const row = await db().selectFrom('assessments').select('coach_access_granted').where('id', '=', assessmentId).executeTakeFirstOrThrow();
      const open = await openConsents(client.id, 'coach_access', assessmentId);
      expect(open.length, `round ${round}`).toBeLessThanOrEqual(1);
      expect(open.length, `round ${round}: flag ${row.coach_access_granted}`).toBe(row.coach_access_granted);
      const asCoach = await coach.client.get(`/api/user/GetAssessmentById/${assessmentId}`);
      expect(asCoach.status).toBe(row.coach_access_granted === 1 ? 200 : 404);
    }
  });

  it('a coach switch racing a coach-access grant: nothing meant for the old coach is left with the new one', async () => {
    const coaches = [await newCoach(server), await newCoach(server)];
    const client = await clientOf(server, coaches[0]!.id);
    const created = await client.client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
    const assessmentId = created.body.id;
    for (let round = 0; round < 8; round++) {
      const next = coaches[(round + 1) % 2]!;
      // Several grants around the switch, so some are read against the old coach and land after it.
      const [switched, ...grants] = await Promise.all([
        client.client.post(`/api/coach/AssignCoachToUser/${next.id}`),
        ...Array.from({ length: 4 }, () => client.client.post(`/api/user/SetCoachAccessGranted/${assessmentId}`)),
      ]);
      expect(switched!.status).toBe(200);
      expect(grants.every((r) => r.status === 200 || r.status === 409), `round ${round}`).toBe(true);
      const user = await db().selectFrom('users').select('coach_id').where('id', '=', client.id).executeTakeFirstOrThrow();
      expect(user.coach_id).toBe(next.id);
      const row = await db().selectFrom('assessments').select('coach_access_granted').where('id', '=', assessmentId).executeTakeFirstOrThrow();
      const open = await openConsents(client.id, 'coach_access', assessmentId);
      expect(open.length, `round ${round}: flag ${row.coach_access_granted}`).toBe(row.coach_access_granted);
      const asNewCoach = await next.client.get(`/api/user/GetAssessmentById/${assessmentId}`);
      expect(asNewCoach.status).toBe(row.coach_access_granted === 1 ? 200 : 404);
      // Start the next round with nothing shared.
      await client.client.post(`/api/user/RevokeCoachAccess/${assessmentId}`);
    }
  });

  it('a grant read against the old coach and written after the switch changes nothing (the interleaving, made deterministic)', async () => {
    const [oldCoach, newCoach_] = [await newCoach(server), await newCoach(server)];
    const client = await clientOf(server, oldCoach.id);
    const created = await client.client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
    // The request read the session while the old coach was current; the switch then committed first.
    expect((await client.client.post(`/api/coach/AssignCoachToUser/${newCoach_.id}`)).status).toBe(200);
    expect(await recordConsent(db(), client.id, 'coach_access', created.body.id, true, { whileCoachIs: oldCoach.id })).toBe(false);
    const row = await db().selectFrom('assessments').select('coach_access_granted').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row.coach_access_granted).toBe(0);
    expect(await openConsents(client.id, 'coach_access', created.body.id)).toEqual([]);
    expect((await newCoach_.client.get(`/api/user/GetAssessmentById/${created.body.id}`)).status).toBe(404);
    // The same grant for the coach they have now is recorded.
    expect(await recordConsent(db(), client.id, 'coach_access', created.body.id, true, { whileCoachIs: newCoach_.id })).toBe(true);
    expect((await newCoach_.client.get(`/api/user/GetAssessmentById/${created.body.id}`)).status).toBe(200);
  });

  it('pre-grant asked and withdrawn by the coach while the client confirms, declines and withdraws it: flag and log agree', async () => {
    const coach = await newCoach(server);
    const client = await clientOf(server, coach.id);
    for (let round = 0; round < 6; round++) {
      const request = (await client.client.get('/api/user/GetPreGrantRequest')).body.request as { id: string } | null;
      const calls = Array.from({ length: 4 }, (_, i) => coach.client.post(`/api/coach/SetUserAccessPreGranted/${client.id}/${(i + round) % 2 === 0}`));
      if (request) calls.push(client.client.post(`/api/user/${round % 3 === 2 ? 'Decline' : 'Confirm'}PreGrantRequest/${request.id}`));
      const open = (await client.client.get('/api/user/GetMyConsents')).body.find((c: { kind: string; revokedAt: string | null }) => c.kind === 'pre_grant' && c.revokedAt === null);
      if (open) calls.push(client.client.post(`/api/user/RevokeConsent/${open.id}`, { pastAssessments: 'keep' }));
      const results = await Promise.all(calls);
      // An answer to a request the coach withdrew a moment earlier finds nothing to answer (404); nothing else fails.
      expect(results.every((r) => r.status === 200 || r.status === 404), `round ${round}`).toBe(true);
      const user = await db().selectFrom('users').select('access_pre_granted').where('id', '=', client.id).executeTakeFirstOrThrow();
      const records = await openConsents(client.id, 'pre_grant');
      expect(records.length, `round ${round}`).toBeLessThanOrEqual(1);
      expect(records.length, `round ${round}: flag ${user.access_pre_granted}`).toBe(user.access_pre_granted);
      // Only the client ever opens a pre-grant.
      const grantedBy = await db().selectFrom('consents').select('granted_by').where('user_id', '=', client.id).where('kind', '=', 'pre_grant').execute();
      expect(grantedBy.every((row) => row.granted_by === client.id)).toBe(true);
    }
  });
});

describe('payment confirmed twice at once', () => {
  // Concurrent duplicate Stripe webhooks are covered in purchase-stripe.test.ts ("fulfils concurrent duplicate deliveries once").
  it('fulfils a sandbox checkout once when its success page is loaded five times at once', async () => {
    const member = await memberWithAssessment(server);
    const url = await member.client.post<{ redirectUrl: string }>(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
    const session = new URL(url.body.redirectUrl, 'http://x').searchParams.get('session')!;
    expect((await member.client.post(`/api/purchase/sandbox/${session}/pay`)).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 5 }, () => member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)));
    expect(results.map((r) => r.body.unlocked)).toEqual(Array(5).fill(true));
    const rows = await db().selectFrom('purchases').select(['status', 'fulfilled_at']).where('provider_ref', '=', session).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('fulfilled');
  });
});
