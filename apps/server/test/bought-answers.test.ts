import { questionsForTrack } from '@bloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vetCoach } from '../src/coaching/vetting';
import { newId } from '../src/lib/crypto';
import { signInAs, startTestServer, type TestServer } from './harness';
import { answerEverything, buyWithSandbox, memberWithAssessment, STATED_LIFE_DATA, type Member } from './reports-fixtures';

/**
 * Decision 0074: one purchase buys the plan of the answers it was made from. Once an assessment's
 * plan is bought, its answers and life situations are refused (409 answers_locked) and stay as
 * they were, so the plan, built from them whenever it is read, stays the one bought. A retake is a
 * new assessment and takes answers; an assessment whose plan is not bought, or is included by a
 * vetted coach, stays open to change.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.mail.stop();
});
afterAll(async () => {
  await server?.close();
});

const rapid = questionsForTrack('Rapid');
const allRapid = (response: number) => rapid.map((q) => ({ questionGuid: q.questionGuid, response, order: q.order }));

const storedAnswers = (assessmentId: string) =>
  server.database.db
    .selectFrom('responses')
    .select(['question_guid', 'response', 'updated_at'])
    .where('assessment_id', '=', assessmentId)
    .orderBy('question_guid')
    .execute();
const storedLifeData = (assessmentId: string) => server.database.db.selectFrom('life_data').selectAll().where('assessment_id', '=', assessmentId).executeTakeFirst();
const completedAt = async (assessmentId: string) =>
  (await server.database.db.selectFrom('assessments').select('completed_at').where('id', '=', assessmentId).executeTakeFirstOrThrow()).completed_at;

async function planOf(member: Member, assessmentId = member.assessmentId) {
  const plan = await member.client.get(`/api/data/GetPositivityPlan/${assessmentId}`);
  return { status: plan.status, body: plan.body };
}

function expectLocked(response: { status: number; body: any }) {
  expect(response.status).toBe(409);
  expect(response.body.error.code).toBe('answers_locked');
  expect(response.body.error.message).toBe(
    'Your Positivity Plan was made from these answers, so they stay as they are and nothing was changed. To answer again, retake the assessment from your dashboard.',
  );
}

async function boughtMember(): Promise<Member> {
  const member = await memberWithAssessment(server);
  expect((await member.client.post('/api/user/SaveLifeData', STATED_LIFE_DATA)).status).toBe(200);
  const { callback } = await buyWithSandbox(member);
  expect(callback.body.unlocked).toBe(true);
  return member;
}

describe('an assessment whose plan was bought', () => {
  it('refuses new answers with 409 answers_locked, keeps every answer as it was, and the plan stays the one bought', async () => {
    const member = await boughtMember();
    const plan = await planOf(member);
    expect(plan.status).toBe(200);
    const answers = await storedAnswers(member.assessmentId);
    const completed = await completedAt(member.assessmentId);

    // Every question at once (a whole new set of answers), then all 0, then a single answer.
    expectLocked(await member.client.post('/api/user/SaveQuestionResponse', allRapid(4)));
    expectLocked(await member.client.post('/api/user/SaveQuestionResponse', allRapid(0)));
    expectLocked(await member.client.post('/api/user/SaveQuestionResponse', [{ questionGuid: rapid[0]!.questionGuid, response: 4, order: rapid[0]!.order }]));

    expect(await storedAnswers(member.assessmentId)).toEqual(answers);
    expect(await completedAt(member.assessmentId)).toBe(completed);
    expect(await planOf(member)).toEqual(plan);
  });

  it('still refuses a page of the other track with 400 first', async () => {
    const member = await boughtMember();
    const professional = questionsForTrack('Professional')[0]!;
    const response = await member.client.post('/api/user/SaveQuestionResponse', [{ questionGuid: professional.questionGuid, response: 1, order: professional.order }]);
    expect(response.status).toBe(400);
  });

  it('refuses new life situations with 409 answers_locked and keeps the ones given', async () => {
    const member = await boughtMember();
    const plan = await planOf(member);
    const lifeData = await storedLifeData(member.assessmentId);
    expect(lifeData).toBeDefined();

    expectLocked(await member.client.post('/api/user/SaveLifeData', { ...STATED_LIFE_DATA, age: 64, gender: 'Female', stressfulEvents: 'Yes' }));

    expect(await storedLifeData(member.assessmentId)).toEqual(lifeData);
    expect(await planOf(member)).toEqual(plan);
  });

  it('takes the stored life situations sent again unchanged (Next on the prefilled page), and refuses any change', async () => {
    const member = await boughtMember();
    const lifeData = await storedLifeData(member.assessmentId);
    // What /LifeSituations prefills from, sent back as Next sends it when nothing was touched.
    const prefill = await member.client.get<{ lifeData: typeof STATED_LIFE_DATA }>('/api/user/GetPreviousLifeData');
    expect(prefill.body.lifeData).toEqual(STATED_LIFE_DATA);
    expect(await member.client.post('/api/user/SaveLifeData', prefill.body.lifeData)).toMatchObject({ status: 200, body: { ok: true } });
    expectLocked(await member.client.post('/api/user/SaveLifeData', { ...prefill.body.lifeData, income: 'Prefer not to say' }));
    expect(await storedLifeData(member.assessmentId)).toEqual(lifeData);
  });

  it('refuses life situations given for the first time after the purchase too, storing none', async () => {
    const member = await memberWithAssessment(server);
    await buyWithSandbox(member);
    const plan = await planOf(member);

    expectLocked(await member.client.post('/api/user/SaveLifeData', STATED_LIFE_DATA));

    expect(await storedLifeData(member.assessmentId)).toBeUndefined();
    expect(await planOf(member)).toEqual(plan);
  });

  it('is left as bought by a retake: the new assessment takes answers and life situations, and its plan is locked until bought', async () => {
    const member = await boughtMember();
    const plan = await planOf(member);
    const answers = await storedAnswers(member.assessmentId);

    const retake = await member.client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
    expect(retake.status).toBe(201);
    expect((await member.client.post('/api/user/SaveQuestionResponse', allRapid(4))).status).toBe(200);
    expect((await member.client.post('/api/user/SaveLifeData', { ...STATED_LIFE_DATA, age: 64 })).status).toBe(200);

    expect((await storedAnswers(retake.body.id)).map((row) => row.response)).toEqual(rapid.map(() => 4));
    expect((await storedLifeData(retake.body.id))?.age).toBe(64);
    expect((await planOf(member, retake.body.id)).body.error.code).toBe('plan_locked');
    // The bought assessment and its plan are as they were.
    expect(await storedAnswers(member.assessmentId)).toEqual(answers);
    expect((await storedLifeData(member.assessmentId))?.age).toBe(STATED_LIFE_DATA.age);
    expect(await planOf(member)).toEqual(plan);
  });
});

describe('an assessment whose plan was not bought', () => {
  it('takes changed answers and life situations after it is finished', async () => {
    const member = await memberWithAssessment(server);
    expect((await member.client.post('/api/user/SaveLifeData', STATED_LIFE_DATA)).status).toBe(200);
    expect((await member.client.post('/api/user/SaveQuestionResponse', allRapid(4))).status).toBe(200);
    expect((await member.client.post('/api/user/SaveLifeData', { ...STATED_LIFE_DATA, age: 41 })).status).toBe(200);
    expect((await storedAnswers(member.assessmentId)).map((row) => row.response)).toEqual(rapid.map(() => 4));
    expect((await storedLifeData(member.assessmentId))?.age).toBe(41);
  });

  it('takes answers while a checkout is open or paid at the store and not yet confirmed: only a fulfilled purchase locks', async () => {
    const member = await memberWithAssessment(server);
    const url = await member.client.post<{ redirectUrl: string }>(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
    const session = new URL(url.body.redirectUrl, 'http://x').searchParams.get('session')!;
    expect((await member.client.post('/api/user/SaveQuestionResponse', allRapid(1))).status).toBe(200);
    expect((await member.client.post(`/api/purchase/sandbox/${session}/pay`)).status).toBe(200);
    expect((await member.client.post('/api/user/SaveQuestionResponse', allRapid(2))).status).toBe(200);
    expect((await member.client.post('/api/user/SaveLifeData', STATED_LIFE_DATA)).status).toBe(200);
    expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).body.unlocked).toBe(true);
    expectLocked(await member.client.post('/api/user/SaveQuestionResponse', allRapid(3)));
    expect((await storedAnswers(member.assessmentId)).map((row) => row.response)).toEqual(rapid.map(() => 2));
  });

  it('whose plan a vetted coach included stays open to change (no sale to get around: a retake is included too)', async () => {
    const coach = server.client();
    const { id: coachId } = await signInAs(server, coach, { coachStatus: 'approved' });
    await vetCoach(server.database.db, coachId, coachId);
    const client = await memberWithAssessment(server, { type: 'Professional', coachId });
    expect((await coach.post(`/api/user/SetClientAccessGranted/${client.assessmentId}`)).status).toBe(200);
    expect((await planOf(client)).status).toBe(200);

    await answerEverything(client.client, () => 4);
    expect((await client.client.post('/api/user/SaveLifeData', STATED_LIFE_DATA)).status).toBe(200);
    expect(new Set((await storedAnswers(client.assessmentId)).map((row) => row.response))).toEqual(new Set([4]));
  });

  it('a purchase of another assessment locks only that one', async () => {
    const member = await boughtMember();
    // Another assessment of the same person, with no purchase, the latest by its date.
    const other = newId();
    await server.database.db
      .insertInto('assessments')
      .values({ id: other, user_id: member.userId, is_ninety_item: 0, coach_access_granted: 0, client_access_granted: 0, created_at: new Date(Date.now() + 60_000).toISOString(), completed_at: null })
      .execute();
    expect((await member.client.post('/api/user/SaveQuestionResponse', allRapid(3))).status).toBe(200);
    expect((await storedAnswers(other)).length).toBe(rapid.length);
  });
});
