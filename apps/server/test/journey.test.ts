import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestServer, type TestClient, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Page = { module: { moduleName: string; secondLeadIn?: string }; wellsprings: { questions: { questionGuid: string; order: number; response: number | null }[] }[] };

const questionsOf = (page: Page) => page.wellsprings.flatMap((w) => w.questions);
const answerAll = (page: Page, value: (index: number) => number) =>
  questionsOf(page).map((q, index) => ({ questionGuid: q.questionGuid, response: value(index), order: q.order }));

async function guestWithRapidAssessment(): Promise<TestClient> {
  const client = server.client();
  await signInAs(server, client, { guest: true });
  const created = await client.post('/api/user/CreateNewAssessment/Rapid');
  expect(created.status).toBe(201);
  return client;
}

describe('content', () => {
  it('lists the modules and their petals in journey order', async () => {
    const response = await server.client().get('/api/data/GetModulesAndPetals');
    expect(response.status).toBe(200);
    expect(response.body.map((m: { moduleName: string }) => m.moduleName)).toEqual(['Experiences', 'Feelings', 'Energy']);
    expect(response.body[0].petalNames).toEqual(['Body', 'Mind', 'Connection', 'Purpose']);
    expect(response.body[2].petalNames).toEqual(['Activity', 'Excitement']);
  });

  it('answers unknown modules and petals with 404', async () => {
    const client = server.client();
    expect((await client.get('/api/data/GetModuleByName/Nope')).status).toBe(404);
    expect((await client.get('/api/data/GetPetalQuestions/Nope')).status).toBe(404);
    expect((await client.get('/api/data/GetModuleQuestions/%3Cscript%3E')).status).toBe(404);
  });

  it('matches module names case-insensitively', async () => {
    const response = await server.client().get('/api/data/getmodulebyname/experiences');
    expect(response.status).toBe(200);
    expect(response.body.petals).toHaveLength(4);
  });

  it('serves the life situations form with seven questions', async () => {
    const response = await server.client().get('/api/data/GetLifeSituationsForm');
    expect(response.body.questions).toHaveLength(7);
    expect(response.body.questions[0].options).toContain('Married or domestic partnership');
  });
});

describe('the Rapid journey of a guest', () => {
  it('saves answers idempotently, resumes them, and scores the lotus', async () => {
    const client = await guestWithRapidAssessment();
    const pages: Record<string, Page> = {};
    for (const moduleName of ['Experiences', 'Feelings', 'Energy']) {
      const page = await client.get<Page>(`/api/data/GetModuleQuestions/${moduleName}`);
      expect(page.status).toBe(200);
      pages[moduleName] = page.body;
      expect(questionsOf(page.body).every((q) => q.response === null)).toBe(true);
    }
    expect(questionsOf(pages.Experiences!)).toHaveLength(12);
    expect(questionsOf(pages.Feelings!)).toHaveLength(12);
    expect(questionsOf(pages.Energy!)).toHaveLength(6);
    expect(pages.Energy!.module.secondLeadIn).toBeTruthy();

    const experiences = answerAll(pages.Experiences!, (i) => i % 5);
    expect((await client.post('/api/user/SaveQuestionResponse', experiences)).body).toEqual({ saved: 12 });
    // A double submit with one changed answer overwrites instead of duplicating.
    const resent = experiences.map((a, i) => (i === 0 ? { ...a, response: 4 } : a));
    expect((await client.post('/api/user/SaveQuestionResponse', resent)).status).toBe(200);
    const resumed = await client.get<Page>('/api/data/GetModuleQuestions/Experiences');
    expect(questionsOf(resumed.body).map((q) => q.response)).toEqual(resent.map((a) => a.response));
    const stored = await server.database.db.selectFrom('responses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(12);

    await client.post('/api/user/SaveQuestionResponse', answerAll(pages.Feelings!, () => 3));
    await client.post('/api/user/SaveQuestionResponse', answerAll(pages.Energy!, () => 2));

    const latest = await client.get('/api/user/GetLatestAssessment');
    expect(latest.body).toMatchObject({ isNinetyItem: false, coachAccessGranted: false, clientAccessGranted: false });
    const row = await server.database.db.selectFrom('assessments').select('completed_at').where('id', '=', latest.body.id).executeTakeFirstOrThrow();
    expect(row.completed_at).not.toBeNull();

    expect((await client.post('/api/user/SaveResearchOptIn/true')).body).toEqual({ researchOptIn: true });
    const lifeData = {
      relationshipStatus: 'Single',
      parentingStatus: 'Prefer not to say',
      employmentStatus: 'Student',
      age: 29,
      gender: 'Nonbinary',
      income: '<$25,000',
      stressfulEvents: 'No',
    };
    expect((await client.post('/api/user/SaveLifeData', lifeData)).status).toBe(200);

    const eight = await client.get('/api/data/getEightPetalData');
    expect(eight.status).toBe(200);
    expect(eight.body).toHaveLength(8);
    expect(eight.body[0].id).toBe('Body');
    expect(eight.body[0].wellsprings).toHaveLength(3);
    expect(eight.body[4].wellsprings[0].inner.value).toBe(3);

    const four = await client.get(`/api/data/GetFourPetalData/false/${latest.body.id}`);
    expect(four.body.map((item: { id: string }) => item.id)).toEqual(['Openness', 'Wellness', 'Significance', 'Efficacy']);

    const potential = await client.get('/api/data/GetPositivityPotential');
    expect(potential.body).toMatchObject({ energyRange: 50 });
    expect(typeof potential.body.resilienceScore).toBe('number');
    expect(Array.isArray(potential.body.experienceOpportunities)).toBe(true);

    const summary = await client.get('/api/data/GetSummaryText');
    expect(summary.headers.get('content-type')).toContain('text/plain');
    expect(summary.text.length).toBeGreaterThan(40);

    const differences = await client.get(`/api/data/GetIndividualDifferences/${latest.body.id}`);
    expect(differences.status).toBe(200);
    expect(differences.body.provisional).toBe(true);
    expect(typeof differences.body.overallRelativeToAverage).toBe('string');
  });

  it('knows whether the caller has an assessment', async () => {
    const client = server.client();
    expect((await client.get('/api/user/UserHasAssessment')).body).toBe(false);
    await signInAs(server, client, { guest: true });
    expect((await client.get('/api/user/UserHasAssessment')).body).toBe(false);
    await client.post('/api/user/CreateNewAssessment/Rapid');
    expect((await client.get('/api/user/UserHasAssessment')).body).toBe(true);
  });

  it('records the last visited route', async () => {
    const client = server.client();
    const user = await signInAs(server, client);
    expect((await client.post('/api/user/SaveUserProgress', { route: '/Rapid/Feelings' })).status).toBe(200);
    const row = await server.database.db.selectFrom('users').select('last_visited_route').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.last_visited_route).toBe('/Rapid/Feelings');
  });
});

describe('the Professional track', () => {
  it('serves three facet questions per wellspring and petal results with a chart', async () => {
    const client = server.client();
    await signInAs(server, client);
    expect((await client.post('/api/user/CreateNewAssessment/Professional')).status).toBe(201);
    const body = await client.get<Page>('/api/data/GetPetalQuestions/Body');
    expect(questionsOf(body.body)).toHaveLength(9);
    await client.post('/api/user/SaveQuestionResponse', answerAll(body.body, () => 4));
    const results = await client.get('/api/data/GetPetalResults/Body');
    expect(results.status).toBe(200);
    expect(results.body.chart.wellsprings[0].outer.value).toBe(4);
    expect(results.body.petal.resultText).toBeTruthy();
    const module = await client.get('/api/data/GetModuleResults/Experiences');
    expect(module.body.module.resultsText1).toBeTruthy();
    const energy = await client.get<Page>('/api/data/GetPetalQuestions/Activity');
    expect(questionsOf(energy.body)).toHaveLength(9);
  });

  it('refuses Rapid answers on a Professional assessment', async () => {
    const client = server.client();
    await signInAs(server, client);
    const rapidGuid = (await (async () => {
      const visitor = server.client();
      const page = await visitor.get<Page>('/api/data/GetModuleQuestions/Experiences');
      return questionsOf(page.body)[0]!.questionGuid;
    })());
    await client.post('/api/user/CreateNewAssessment/Professional');
    const response = await client.post('/api/user/SaveQuestionResponse', [{ questionGuid: rapidGuid, response: 1, order: 1 }]);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('not part of the Professional assessment');
  });

  it('is for signed-in people only', async () => {
    const client = server.client();
    await signInAs(server, client, { guest: true });
    expect((await client.post('/api/user/CreateNewAssessment/Professional')).status).toBe(403);
  });
});

describe('path segments with fixed values, in any spelling (DESIGN §1: paths match case-insensitively)', () => {
  it('takes {type} and {true|false} in any letter case, and still refuses other values', async () => {
    const client = server.client();
    await signInAs(server, client);
    const created = await client.post('/api/user/createnewassessment/rapid');
    expect(created.status).toBe(201);
    expect(created.body.isNinetyItem).toBe(false);
    expect((await client.post('/api/user/CreateNewAssessment/PROFESSIONAL')).body.isNinetyItem).toBe(true);
    expect((await client.post('/api/user/SaveResearchOptIn/True')).body).toEqual({ researchOptIn: true });
    expect((await client.post('/api/user/SaveResearchOptIn/FALSE')).body).toEqual({ researchOptIn: false });
    expect((await client.get('/api/data/GetFourPetalData/TRUE')).status).toBe(200);
    const refused = await client.post('/api/user/CreateNewAssessment/Quick');
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/Rapid|Professional/);
    expect((await client.post('/api/user/SaveResearchOptIn/yes')).status).toBe(400);
  });
});

describe('bad input', () => {
  it('needs a session to create or save', async () => {
    const client = server.client();
    expect((await client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(401);
    expect((await client.post('/api/user/SaveQuestionResponse', [])).status).toBe(401);
    expect((await client.get('/api/data/getEightPetalData')).status).toBe(401);
  });

  it.each([
    ['an unknown type', 'post', '/api/user/CreateNewAssessment/Bogus', undefined],
    ['a research choice that is not true/false', 'post', '/api/user/SaveResearchOptIn/maybe', undefined],
    ['an isExperience that is not true/false', 'get', '/api/data/GetFourPetalData/yes', undefined],
  ])('answers %s with 400', async (_label, method, path) => {
    const client = await guestWithRapidAssessment();
    const response = method === 'post' ? await client.post(path) : await client.get(path);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBeTruthy();
  });

  it('refuses answers out of range, unknown questions, and malformed pages with 400 and stores nothing', async () => {
    const client = await guestWithRapidAssessment();
    const page = await client.get<Page>('/api/data/GetModuleQuestions/Experiences');
    const guid = questionsOf(page.body)[0]!.questionGuid;
    const bad = [
      [{ questionGuid: guid, response: 5, order: 1 }],
      [{ questionGuid: guid, response: -1, order: 1 }],
      [{ questionGuid: guid, response: 1.5, order: 1 }],
      [{ questionGuid: guid, response: '2', order: 1 }],
      [{ questionGuid: '00000000-0000-4000-8000-000000000000', response: 2, order: 1 }],
      [{ questionGuid: 'not-a-guid', response: 2, order: 1 }],
      [{ questionGuid: guid, response: 2, order: 1, __proto__: { admin: true }, extra: 1 }],
      [],
      { questionGuid: guid, response: 2, order: 1 },
    ];
    for (const body of bad) {
      const response = await client.post('/api/user/SaveQuestionResponse', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const resumed = await client.get<Page>('/api/data/GetModuleQuestions/Experiences');
    expect(questionsOf(resumed.body).every((q) => q.response === null)).toBe(true);
  });

  it('refuses life data with unlisted options or impossible ages', async () => {
    const client = await guestWithRapidAssessment();
    const valid = {
      relationshipStatus: 'Prefer not to say',
      parentingStatus: 'Prefer not to say',
      employmentStatus: 'Prefer not to say',
      age: -1,
      gender: 'Prefer not to say',
      income: 'Prefer not to say',
      stressfulEvents: 'Prefer not to say',
    };
    expect((await client.post('/api/user/SaveLifeData', valid)).status).toBe(200);
    for (const change of [{ gender: 'Robot' }, { age: -5 }, { age: 500 }, { age: 'forty' }, { income: '<script>' }, { extra: 1 }]) {
      const response = await client.post('/api/user/SaveLifeData', { ...valid, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
    }
  });

  it('refuses a progress route that is not a path', async () => {
    const client = server.client();
    await signInAs(server, client);
    expect((await client.post('/api/user/SaveUserProgress', { route: 'https://evil.example' })).status).toBe(400);
    expect((await client.post('/api/user/SaveUserProgress', {})).status).toBe(400);
  });
});

describe('other people’s assessments', () => {
  it('answers 404 for someone else’s, unknown or malformed assessment ids', async () => {
    const owner = await guestWithRapidAssessment();
    const ownerAssessment = (await owner.get('/api/user/GetLatestAssessment')).body.id as string;
    const stranger = server.client();
    await signInAs(server, stranger);
    await stranger.post('/api/user/CreateNewAssessment/Rapid');
    for (const path of [
      `/api/data/getEightPetalData/${ownerAssessment}`,
      `/api/data/GetFourPetalData/true/${ownerAssessment}`,
      `/api/data/GetIndividualDifferences/${ownerAssessment}`,
      '/api/data/GetIndividualDifferences/00000000-0000-4000-8000-000000000000',
      '/api/data/GetIndividualDifferences/not-an-id',
    ]) {
      const response = await stranger.get(path);
      expect(response.status, path).toBe(404);
    }
    expect((await stranger.post(`/api/user/SetCoachAccessGranted/${ownerAssessment}`)).status).toBe(404);
  });
});

// Last: it stores an answer, and the journey above counts every stored answer.
describe('question pages', () => {
  it('serves a question page the same way whether it is answered or not, in any spelling', async () => {
    const visitor = await server.client().get<Page>('/api/data/GetModuleQuestions/Feelings');
    expect(questionsOf(visitor.body).every((q) => q.response === null)).toBe(true);
    const client = await guestWithRapidAssessment();
    const feelings = answerAll(visitor.body, (i) => i % 5);
    await client.post('/api/user/SaveQuestionResponse', feelings.slice(0, 1));
    // Answers elsewhere in the assessment leave an unanswered page exactly as a visitor sees it.
    const experiences = await client.get('/api/data/GetModuleQuestions/experiences');
    expect(experiences.text).toBe((await server.client().get('/api/data/GetModuleQuestions/EXPERIENCES')).text);
    expect(experiences.text).toBe((await server.client().get('/api/data/GetModuleQuestions/%20Experiences%20')).text);
    const answered = await client.get<Page>('/api/data/GetModuleQuestions/feelings');
    expect(questionsOf(answered.body).map((q) => q.response)).toEqual([0, ...Array(11).fill(null)]);
    expect(answered.body.module).toEqual(visitor.body.module);
    expect(answered.headers.get('content-type')).toBe(visitor.headers.get('content-type'));
  });
});
