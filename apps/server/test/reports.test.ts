import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestServer, type TestServer } from './harness';
import { answerEverything, buyWithSandbox, memberWithAssessment, type Member } from './reports-fixtures';
import { vetCoach } from '../src/coaching/vetting';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const resultPaths = (id: string) => [
  `/api/data/GetBloomProfileReport/${id}`,
  `/api/data/GetPositivityPlan/${id}`,
  `/api/data/GetEnergyChartData/${id}`,
  `/api/data/GetSinglePetalData/${id}`,
  `/api/data/GetAssessmentScores/${id}`,
  `/api/user/LifeDataByAssessment/${id}`,
  `/api/user/GetAssessmentById/${id}`,
];

async function setAssessment(id: string, values: { coach_access_granted?: number; client_access_granted?: number }) {
  await server.database.db.updateTable('assessments').set(values).where('id', '=', id).execute();
}

describe('the profile report', () => {
  it('is built for the owner with the name, date, charts and a provisional comparison', async () => {
    const member = await memberWithAssessment(server, { firstName: 'Robin', lastName: 'Lee' });
    const response = await member.client.get(`/api/data/GetBloomProfileReport/${member.assessmentId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const report = response.body;
    expect(report.clientName).toBe('Robin Lee');
    expect(report.assessmentDate).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    // The moment itself too, which the browser shows in the reader's time zone like every other assessment date.
    const created = await server.database.db.selectFrom('assessments').select('created_at').where('id', '=', member.assessmentId).executeTakeFirstOrThrow();
    expect(report.takenAt).toBe(new Date(created.created_at).toISOString());
    expect(report.BloomProfile.chartData).toHaveLength(10);
    expect(report.eightPetalData).toHaveLength(8);
    expect(report.energyChartData.map((item: { category: string }) => item.category)).toEqual([
      'Activity Range',
      'Excitement Range',
      'Overall Energy',
    ]);
    expect(Object.keys(report.experiencesAndFeelingsResults)).toEqual(['Experiences', 'Feelings']);
    expect(report.mindsetResults.chartData[0].category).toBe('Mindset');
    expect(report.resilienceResults.chartData[0].category).toBe('Resilience');
    expect(report.individualDifferences).toMatchObject({ provisional: true });
    expect(report.individualDifferences.comparisonGroupSize).toBeGreaterThan(0);
    expect(typeof report.summaryText).toBe('string');
    expect(report.closingText.length).toBeGreaterThan(0);
  });

  it('reflects changed answers, life data and names at once (no stale copies)', async () => {
    const member = await memberWithAssessment(server, { firstName: 'Kai', lastName: 'Ray' });
    const path = `/api/data/GetBloomProfileReport/${member.assessmentId}`;
    const before = (await member.client.get(path)).body;
    expect((await member.client.get(path)).body).toEqual(before);

    await answerEverything(member.client, () => 4);
    const after = (await member.client.get(path)).body;
    expect(after.summaryText).not.toBe(before.summaryText);
    expect(after.BloomProfile.chartData[0].values).toEqual([4, 4, 4]);

    await server.database.db.updateTable('users').set({ first_name: 'Kaia' }).where('id', '=', member.userId).execute();
    // A change made outside the API reaches PostgreSQL's session cache through NOTIFY a moment
    // after its commit (decision 0035); wait for it, as the next request would a moment later.
    await server.database.sessionCache?.caughtUp();
    expect((await member.client.get(path)).body.clientName).toBe('Kaia Ray');
  });

  it('falls back to the user name when the member has no name', async () => {
    const member = await memberWithAssessment(server, { firstName: '', lastName: '', email: 'no-name@bloom.test' });
    const report = await member.client.get(`/api/data/GetBloomProfileReport/${member.assessmentId}`);
    expect(report.body.clientName).toBe('no-name@bloom.test');
  });

  it('asks guests and visitors to sign in first', async () => {
    const guest = await memberWithAssessment(server, { guest: true });
    const asGuest = await guest.client.get(`/api/data/GetBloomProfileReport/${guest.assessmentId}`);
    expect(asGuest.status).toBe(401);
    expect(asGuest.body.error.code).toBe('unauthorized');
    expect((await guest.client.get(`/api/data/GetPositivityPlan/${guest.assessmentId}`)).status).toBe(401);
    // A guest still sees the charts of their own lotus.
    expect((await guest.client.get(`/api/data/GetEnergyChartData/${guest.assessmentId}`)).status).toBe(200);

    const visitor = server.client();
    for (const path of resultPaths(guest.assessmentId)) expect((await visitor.get(path)).status, path).toBe(401);
  });
});

describe('access to someone else’s assessment', () => {
  it('answers 404 on every call, as for an unknown id', async () => {
    const owner = await memberWithAssessment(server);
    await buyWithSandbox(owner);
    const stranger = server.client();
    await signInAs(server, stranger);
    for (const path of resultPaths(owner.assessmentId)) {
      const response = await stranger.get(path);
      expect(response.status, path).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
  });

  it('answers bad and unknown ids with 404, never 500', async () => {
    const member = await memberWithAssessment(server, { finish: false });
    for (const id of ['nope', '0', '%27%20or%201%3D1', 'a'.repeat(400), '00000000-0000-4000-8000-000000000000']) {
      for (const path of resultPaths(id)) expect((await member.client.get(path)).status, path).toBe(404);
    }
  });
});

describe('chart, score and life data calls', () => {
  let member: Member;
  beforeAll(async () => {
    member = await memberWithAssessment(server);
  });

  it('returns the energy chart items', async () => {
    const response = await member.client.get(`/api/data/GetEnergyChartData/${member.assessmentId}`);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(3);
    expect(response.body[0]).toMatchObject({ category: 'Activity Range', subCategories: ['Calm', 'Aware', 'Active'] });
    expect(response.body[0].values).toHaveLength(3);
  });

  it('returns the single petal data of both modules', async () => {
    const response = await member.client.get(`/api/data/GetSinglePetalData/${member.assessmentId}`);
    expect(response.body.Experiences.map((p: { id: string }) => p.id)).toEqual(['Body', 'Mind', 'Connection', 'Purpose']);
    expect(response.body.Feelings).toHaveLength(4);
    expect(response.body.Experiences[0].wellsprings[0].outer.wellspringName).toBe('Rest');
  });

  it('returns the twelve score rows in DESIGN order', async () => {
    const response = await member.client.get(`/api/data/GetAssessmentScores/${member.assessmentId}`);
    expect(response.body.map((r: { category: string; scoreType: string }) => `${r.category}/${r.scoreType}`)).toEqual([
      'WellBeing/Overall',
      'WellBeing/Experiences',
      'WellBeing/Feelings',
      'Mindset/Overall',
      'Mindset/Self',
      'Mindset/Others',
      'Resilience/Overall',
      'Resilience/Experiences',
      'Resilience/Feelings',
      'Active/Overall',
      'Aware/Overall',
      'Calm/Overall',
    ]);
  });

  it('returns life data with the spec field names, -1 for an unstated age', async () => {
    const before = await member.client.get(`/api/user/LifeDataByAssessment/${member.assessmentId}`);
    expect(before.body).toEqual({
      gender: 'Prefer not to say',
      age: -1,
      relationshipStatus: 'Prefer not to say',
      parentingStatus: 'Prefer not to say',
      employmentStatus: 'Prefer not to say',
      income: 'Prefer not to say',
      stressfulEvents: 'Prefer not to say',
    });
    const lifeData = {
      relationshipStatus: 'Married or domestic partnership',
      parentingStatus: 'Prefer not to say',
      employmentStatus: 'Prefer not to say',
      age: 41,
      gender: 'Female',
      income: 'Prefer not to say',
      stressfulEvents: 'No',
    };
    expect((await member.client.post('/api/user/SaveLifeData', lifeData)).status).toBe(200);
    const after = await member.client.get(`/api/user/LifeDataByAssessment/${member.assessmentId}`);
    expect(after.body).toMatchObject({ age: 41, gender: 'Female', relationshipStatus: 'Married or domestic partnership', stressfulEvents: 'No' });
  });
});

describe('the positivity plan', () => {
  it('is locked (403 plan_locked) until the plan is bought', async () => {
    const member = await memberWithAssessment(server);
    const locked = await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`);
    expect(locked.status).toBe(403);
    expect(locked.body.error.code).toBe('plan_locked');
    expect((await member.client.get(`/api/user/GetAssessmentById/${member.assessmentId}`)).body.planUnlocked).toBe(false);

    await buyWithSandbox(member);
    const plan = await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`);
    expect(plan.status).toBe(200);
    expect(plan.body.summaryTextSimple.length).toBeGreaterThan(0);
    expect(plan.body.moduleContributors.map((m: { moduleName: string }) => m.moduleName)).toEqual(['Experiences', 'Feelings', 'Energy']);
    expect(plan.body.opportunitiesAndAffirmations).toHaveLength(2);
    expect(Object.keys(plan.body.lifeSituationsFrequency).sort()).toEqual(['experiencesLess', 'experiencesMore', 'feelingsLess', 'feelingsMore']);
    expect(plan.body.actionPlan.length).toBeGreaterThan(0);
    expect((await member.client.get(`/api/user/GetAssessmentById/${member.assessmentId}`)).body.planUnlocked).toBe(true);
  });

  it('is unlocked for everyone when the plan price is 0', async () => {
    const free = await startTestServer({ PLAN_PRICE_CENTS: '0' });
    try {
      const member = await memberWithAssessment(free);
      expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(200);
      const url = await member.client.post(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
      expect(url.body).toEqual({ redirectUrl: `/PositivityPlan/${member.assessmentId}` });
      expect((await free.client().get('/api/user/getPositivityPlanPrice')).body).toBe(0);
    } finally {
      await free.close();
    }
  });
});

describe('coaches and their clients', () => {
  /** `vetted`: an admin has vetted the coach (only then does coaching include a client's Professional plan). */
  async function coachAndClient(type: 'Rapid' | 'Professional', { vetted = true }: { vetted?: boolean } = {}) {
    const coach = server.client();
    const { id: coachId } = await signInAs(server, coach, { coachStatus: 'approved', firstName: 'Casey', lastName: 'Coach' });
    if (vetted) await vetCoach(server.database.db, coachId, coachId);
    const client = await memberWithAssessment(server, { type, coachId, firstName: 'Cleo', lastName: 'Client' });
    return { coach, coachId, client };
  }

  it('withholds a coached client’s Professional results until the coach releases them, then includes the plan', async () => {
    const { coach, client } = await coachAndClient('Professional');
    for (const path of [
      `/api/data/GetBloomProfileReport/${client.assessmentId}`,
      `/api/data/GetPositivityPlan/${client.assessmentId}`,
      `/api/data/GetAssessmentScores/${client.assessmentId}`,
      // The journey's chart calls, when they name the assessment, are results like the report's.
      `/api/data/getEightPetalData/${client.assessmentId}`,
      `/api/data/GetFourPetalData/false/${client.assessmentId}`,
    ]) {
      const pending = await client.client.get(path);
      expect(pending.status, path).toBe(403);
      expect(pending.body.error.code).toBe('pending_coach_approval');
    }
    expect((await coach.post(`/api/user/SetClientAccessGranted/${client.assessmentId}`)).status).toBe(200);
    expect((await client.client.get(`/api/data/GetBloomProfileReport/${client.assessmentId}`)).status).toBe(200);
    // A coached client's Professional plan is included: no purchase needed.
    expect((await client.client.get(`/api/data/GetPositivityPlan/${client.assessmentId}`)).status).toBe(200);
    const all = await client.client.get('/api/user/GetAllAssessments');
    expect(all.body[0]).toMatchObject({ id: client.assessmentId, planUnlocked: true, clientAccessGranted: true });
  });

  it('shows the comparisons of the Professional journey as it goes, but of no older withheld assessment', async () => {
    const { client } = await coachAndClient('Professional');
    const path = `/api/data/GetIndividualDifferences/${client.assessmentId}`;
    // Still the latest: the journey's /IndividualDifferences page shows it.
    expect((await client.client.get(path)).status).toBe(200);
    expect((await client.client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
    const withheld = await client.client.get(path);
    expect(withheld.status).toBe(403);
    expect(withheld.body.error.code).toBe('pending_coach_approval');
  });

  it('includes nothing through a coach no admin has vetted (open sign-up is no way around paying)', async () => {
    const { coach, client } = await coachAndClient('Professional', { vetted: false });
    expect((await coach.post(`/api/user/SetClientAccessGranted/${client.assessmentId}`)).status).toBe(200);
    await setAssessment(client.assessmentId, { coach_access_granted: 1 });
    expect((await client.client.get(`/api/data/GetBloomProfileReport/${client.assessmentId}`)).status).toBe(200);
    for (const who of [client.client, coach]) {
      const plan = await who.get(`/api/data/GetPositivityPlan/${client.assessmentId}`);
      expect(plan.status).toBe(403);
      expect(plan.body.error.code).toBe('plan_locked');
      expect((await who.get(`/api/user/GetAssessmentById/${client.assessmentId}`)).body.planUnlocked).toBe(false);
    }
    expect((await client.client.get('/api/user/GetAllAssessments')).body[0]).toMatchObject({ planUnlocked: false });
    // Once an admin vets the coach, the plan is included for both.
    const { coachId } = await server.database.db.selectFrom('users').select('coach_id as coachId').where('id', '=', client.userId).executeTakeFirstOrThrow();
    await vetCoach(server.database.db, coachId!, coachId!);
    expect((await client.client.get(`/api/data/GetPositivityPlan/${client.assessmentId}`)).status).toBe(200);
    expect((await coach.get(`/api/data/GetPositivityPlan/${client.assessmentId}`)).status).toBe(200);
  });

  it('includes a plan only through the vetted coach who released its results (moving released results to one is no way around paying)', async () => {
    // Results released by a self-registered coach, then taken to a vetted coach's group.
    const { coach: unvetted, client } = await coachAndClient('Professional', { vetted: false });
    expect((await unvetted.post(`/api/user/SetClientAccessGranted/${client.assessmentId}`)).status).toBe(200);
    const vetted = server.client();
    const { id: vettedId } = await signInAs(server, vetted, { coachStatus: 'approved', firstName: 'Vera', lastName: 'Vetted' });
    await vetCoach(server.database.db, vettedId, vettedId);
    expect((await vetted.post('/api/organization/AddNewOrganization/Vetted%20Org')).status).toBe(201);
    const { groupId } = await server.database.db
      .selectFrom('groups')
      .innerJoin('organizations', 'organizations.id', 'groups.organization_id')
      .select('groups.id as groupId')
      .where('organizations.coach_id', '=', vettedId)
      .executeTakeFirstOrThrow();
    expect((await client.client.post(`/api/organization/AssignGroupToUser/${groupId}`)).status).toBe(200);
    const { coachId } = await server.database.db.selectFrom('users').select('coach_id as coachId').where('id', '=', client.userId).executeTakeFirstOrThrow();
    expect(coachId).toBe(vettedId);
    const plan = await client.client.get(`/api/data/GetPositivityPlan/${client.assessmentId}`);
    expect(plan.status).toBe(403);
    expect(plan.body.error.code).toBe('plan_locked');
    expect((await client.client.get('/api/user/GetAllAssessments')).body[0]).toMatchObject({ planUnlocked: false });
    // Once the vetted coach releases them (again), the plan is included.
    expect((await vetted.post(`/api/user/SetClientAccessGranted/${client.assessmentId}`)).status).toBe(200);
    expect((await client.client.get(`/api/data/GetPositivityPlan/${client.assessmentId}`)).status).toBe(200);
    expect((await client.client.get('/api/user/GetAllAssessments')).body[0]).toMatchObject({ planUnlocked: true });
  });

  it('shows a coached client’s Rapid report at once but sells its plan', async () => {
    const { client } = await coachAndClient('Rapid');
    expect((await client.client.get(`/api/data/GetBloomProfileReport/${client.assessmentId}`)).status).toBe(200);
    expect((await client.client.get(`/api/data/GetPositivityPlan/${client.assessmentId}`)).body.error.code).toBe('plan_locked');
  });

  it('lets the coach read reports only while coach access is granted, and never a plan locked for the client', async () => {
    const { coach, client } = await coachAndClient('Rapid');
    for (const path of resultPaths(client.assessmentId)) expect((await coach.get(path)).status, path).toBe(404);

    await setAssessment(client.assessmentId, { coach_access_granted: 1 });
    const report = await coach.get(`/api/data/GetBloomProfileReport/${client.assessmentId}`);
    expect(report.status).toBe(200);
    expect(report.body.clientName).toBe('Cleo Client');
    // The client has not bought this Rapid plan, so the coach cannot read it either (issue 23 §3).
    expect((await coach.get(`/api/data/GetPositivityPlan/${client.assessmentId}`)).body.error.code).toBe('plan_locked');
    const byId = await coach.get(`/api/user/GetAssessmentById/${client.assessmentId}`);
    expect(byId.body).toMatchObject({ id: client.assessmentId, clientName: 'Cleo Client', planUnlocked: false, coachAccessGranted: true });
    // The coach's own list holds only the coach's own assessments.
    expect((await coach.get('/api/user/GetAllAssessments')).body).toEqual([]);
  });

  it('gives a coach whose client left them nothing', async () => {
    const { coach, client } = await coachAndClient('Rapid');
    await setAssessment(client.assessmentId, { coach_access_granted: 1 });
    await server.database.db.updateTable('users').set({ coach_id: null }).where('id', '=', client.userId).execute();
    await server.database.sessionCache?.caughtUp(); // PostgreSQL: the change reaches the session cache by NOTIFY (decision 0035)
    expect((await coach.get(`/api/data/GetBloomProfileReport/${client.assessmentId}`)).status).toBe(404);
  });
});

describe('assessment lists', () => {
  it('lists the caller’s assessments newest first with names and plan state', async () => {
    const member = await memberWithAssessment(server, { firstName: 'Nia', lastName: 'Stone', email: 'nia@bloom.test' });
    await buyWithSandbox(member);
    const second = await member.client.post<{ id: string }>('/api/user/CreateNewAssessment/Professional');
    const other = await memberWithAssessment(server);

    const all = await member.client.get('/api/user/GetAllAssessments');
    expect(all.status).toBe(200);
    expect(all.body.map((a: { id: string }) => a.id)).toEqual([second.body.id, member.assessmentId]);
    expect(all.body[0]).toMatchObject({ isNinetyItem: true, clientName: 'Nia Stone', userName: 'nia@bloom.test', planUnlocked: false });
    expect(all.body[1]).toMatchObject({ isNinetyItem: false, planUnlocked: true });
    expect(all.body.some((a: { id: string }) => a.id === other.assessmentId)).toBe(false);

    const byId = await member.client.get(`/api/user/GetAssessmentById/${member.assessmentId}`);
    expect(byId.body).toMatchObject({ id: member.assessmentId, isNinetyItem: false, planUnlocked: true, clientName: 'Nia Stone' });
    expect(typeof byId.body.date).toBe('string');
  });

  it('gives a visitor 401 and a new member an empty list', async () => {
    expect((await server.client().get('/api/user/GetAllAssessments')).status).toBe(401);
    const fresh = server.client();
    await signInAs(server, fresh);
    expect((await fresh.get('/api/user/GetAllAssessments')).body).toEqual([]);
  });
});
