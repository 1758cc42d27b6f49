import { content, questionsForTrack } from '@bloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, type Person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';
import { isErrorEnvelope } from './support/callers';

/**
 * The coverage rule (DESIGN.md §11): without two thirds of the Experiences and of the Feelings
 * items answered an assessment has no report, no plan and nothing to buy. Before the rule, an
 * assessment with no answers got a full report ("Often" everywhere) and a checkout.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const rapid = questionsForTrack('Rapid');
const itemsOf = (module: string) => rapid.filter((question) => question.module === module);

async function rapidWith(counts: { Experiences: number; Feelings: number; Energy: number }): Promise<{ member: Person; id: string }> {
  const member = await person(server);
  const created = await member.client.post('/api/user/CreateNewAssessment/Rapid');
  expect(created.status).toBe(201);
  const answers = (Object.keys(counts) as Array<keyof typeof counts>).flatMap((module) =>
    itemsOf(module)
      .slice(0, counts[module])
      .map((question, index) => ({ questionGuid: question.questionGuid, response: (index % 4) + 1, order: question.order })),
  );
  if (answers.length > 0) expect((await member.client.post('/api/user/SaveQuestionResponse', answers)).status).toBe(200);
  return { member, id: created.body.id };
}

async function resultCalls({ member, id }: { member: Person; id: string }) {
  return {
    report: await member.client.get(`/api/data/GetBloomProfileReport/${id}`),
    plan: await member.client.get(`/api/data/GetPositivityPlan/${id}`),
    purchase: await member.client.post(`/api/user/GetPurchaseUrl/${id}`),
  };
}

describe('the coverage rule on reports, plans and purchases', () => {
  it('answers 409 incomplete_assessment for an assessment with no answers, naming both modules', async () => {
    const calls = await resultCalls(await rapidWith({ Experiences: 0, Feelings: 0, Energy: 0 }));
    for (const [name, response] of Object.entries(calls)) {
      expect({ name, status: response.status }).toEqual({ name, status: 409 });
      expect(isErrorEnvelope(response)).toBe(true);
      expect(response.body.error.code).toBe('incomplete_assessment');
      expect(response.body.error.message).toMatch(/Positive Experiences has 0 of 12 .* at least 8; Positive Feelings has 0 of 12/);
    }
  });

  it('answers 409 one answer short of the threshold (7 of 12 Experiences), naming only that module', async () => {
    const calls = await resultCalls(await rapidWith({ Experiences: 7, Feelings: 12, Energy: 6 }));
    for (const response of Object.values(calls)) {
      expect(response.status).toBe(409);
      expect(response.body.error.message).toMatch(/Positive Experiences has 7 of 12/);
      expect(response.body.error.message).not.toMatch(/Positive Feelings/);
    }
  });

  it('gives a report, and a checkout, at the threshold (8 of 12 each, Energy skipped)', async () => {
    const assessment = await rapidWith({ Experiences: 8, Feelings: 8, Energy: 0 });
    const { report, plan, purchase } = await resultCalls(assessment);
    expect(report.status).toBe(200);
    expect(report.body).toHaveProperty('clientName');
    expect(plan.status).toBe(403);
    expect(plan.body.error.code).toBe('plan_locked');
    expect(purchase.status).toBe(200);
    expect(purchase.body.redirectUrl).toMatch(/^\/Purchase\//);
  });

  it('a report refused for too few answers appears once they are given', async () => {
    const assessment = await rapidWith({ Experiences: 7, Feelings: 8, Energy: 0 });
    expect((await assessment.member.client.get(`/api/data/GetBloomProfileReport/${assessment.id}`)).status).toBe(409);
    const eighth = itemsOf('Experiences')[7]!;
    expect((await assessment.member.client.post('/api/user/SaveQuestionResponse', [{ questionGuid: eighth.questionGuid, response: 3, order: eighth.order }])).status).toBe(200);
    expect((await assessment.member.client.get(`/api/data/GetBloomProfileReport/${assessment.id}`)).status).toBe(200);
  });
});

describe('the coverage rule on charts and score tables (review of 2026-11-27)', () => {
  /** Every call that draws a named assessment's results, beside the report and plan. */
  const chartPaths = (id: string) => [
    `/api/data/GetEnergyChartData/${id}`,
    `/api/data/GetSinglePetalData/${id}`,
    `/api/data/GetAssessmentScores/${id}`,
    `/api/data/GetCoachAssessmentOverview/${id}`,
    `/api/data/GetCoachComprehensive/${id}`,
    `/api/data/getEightPetalData/${id}`,
    `/api/data/GetFourPetalData/true/${id}`,
    `/api/data/GetIndividualDifferences/${id}`,
  ];

  it('answers 409 incomplete_assessment where they used to draw default values (2 everywhere)', async () => {
    const assessment = await rapidWith({ Experiences: 1, Feelings: 1, Energy: 1 });
    for (const path of chartPaths(assessment.id)) {
      const response = await assessment.member.client.get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 409 });
      expect(response.body.error.code).toBe('incomplete_assessment');
    }
  });

  it('draws no Energy chart, score or band text when Energy alone falls short (3 of 6)', async () => {
    const { member, id } = await rapidWith({ Experiences: 12, Feelings: 12, Energy: 3 });
    for (const path of chartPaths(id)) expect((await member.client.get(path)).status, path).toBe(200);
    expect((await member.client.get(`/api/data/GetEnergyChartData/${id}`)).body).toEqual([]);
    const scores = (await member.client.get(`/api/data/GetAssessmentScores/${id}`)).body as Array<{ category: string; score: number | null }>;
    expect(scores.filter((row) => ['Active', 'Aware', 'Calm'].includes(row.category)).map((row) => row.score)).toEqual([null, null, null]);
    expect(scores.find((row) => row.category === 'WellBeing')?.score).not.toBeNull();
    const report = (await member.client.get(`/api/data/GetBloomProfileReport/${id}`)).body;
    expect(report.energyChartData).toEqual([]);
    expect(report.BloomProfile.chartData.map((item: { category: string }) => item.category)).not.toContain('Activity');
    expect(report.energyAndResilienceSummaryText.Energy.text).toMatch(/not enough answers/i);
    // The answers given are still shown to the coach as answers, without an average made of them.
    const overview = (await member.client.get(`/api/data/GetCoachAssessmentOverview/${id}`)).body;
    expect(overview.activity.map((item: { average: number | null }) => item.average)).toEqual([null, null, null]);

    // At the threshold (4 of 6) Energy has its chart, missing levels drawn as 2.
    const covered = await rapidWith({ Experiences: 12, Feelings: 12, Energy: 4 });
    const energy = (await covered.member.client.get(`/api/data/GetEnergyChartData/${covered.id}`)).body;
    expect(energy.map((item: { category: string }) => item.category)).toEqual(['Activity Range', 'Excitement Range', 'Overall Energy']);
  });
});

describe('the latest assessment\'s results on /YourLifeLotus (review of 2026-11-27, sixteenth session)', () => {
  // Rapid/Energy lets a person go on with questions unanswered (spec 01 §5), so the results page
  // can be reached with Experiences and Feelings covered and Energy short. Its Positivity
  // Potential showed "Energy range 0%" with no Energy answers, and 75% from 3 of 6.
  it('gives no energy range while Energy is short of the rule', async () => {
    for (const energyAnswers of [0, 3]) {
      const { member } = await rapidWith({ Experiences: 12, Feelings: 12, Energy: energyAnswers });
      const coverage = (await member.client.get('/api/data/GetResultsCoverage')).body;
      expect(coverage.hasResults).toBe(true);
      const potential = await member.client.get('/api/data/GetPositivityPotential');
      expect(potential.status).toBe(200);
      expect({ energyAnswers, energyRange: potential.body.energyRange }).toEqual({ energyAnswers, energyRange: null });
      expect(potential.body.resilienceScore).toEqual(expect.any(Number));
    }
  });

  it('gives the energy range once Energy meets the rule (4 of 6)', async () => {
    const { member } = await rapidWith({ Experiences: 12, Feelings: 12, Energy: 4 });
    const potential = await member.client.get('/api/data/GetPositivityPotential');
    expect(potential.body.energyRange).toEqual(expect.any(Number));
  });
});

describe('GetResultsCoverage', () => {
  it('tells the results page which module needs answers, and that a covered assessment has results', async () => {
    const { member } = await rapidWith({ Experiences: 3, Feelings: 9, Energy: 2 });
    const coverage = await member.client.get('/api/data/GetResultsCoverage');
    expect(coverage.status).toBe(200);
    expect(coverage.body).toMatchObject({ isNinetyItem: false, hasResults: false });
    expect(coverage.body.needsAnswers).toEqual([
      { moduleName: 'Experiences', displayName: 'Positive Experiences', answered: 3, total: 12, required: 8, covered: false },
    ]);
    expect(coverage.body.modules.map((m: { moduleName: string; answered: number }) => [m.moduleName, m.answered])).toEqual([
      ['Experiences', 3],
      ['Feelings', 9],
      ['Energy', 2],
    ]);
    const covered = await rapidWith({ Experiences: 8, Feelings: 8, Energy: 0 });
    expect((await covered.member.client.get('/api/data/GetResultsCoverage')).body).toMatchObject({ hasResults: true, needsAnswers: [] });
  });
});

describe('GetAssessmentById', () => {
  it('says whether the assessment has results, and never calls the plan of one without results unlocked', async () => {
    const empty = await rapidWith({ Experiences: 0, Feelings: 0, Energy: 0 });
    expect((await empty.member.client.get(`/api/user/GetAssessmentById/${empty.id}`)).body).toMatchObject({ hasResults: false, planUnlocked: false });
    const covered = await rapidWith({ Experiences: 8, Feelings: 8, Energy: 0 });
    expect((await covered.member.client.get(`/api/user/GetAssessmentById/${covered.id}`)).body).toMatchObject({ hasResults: true, planUnlocked: false });
  });
});

describe('the Professional journey\'s module and petal results (review of 2026-11-28)', () => {
  // The Pro results pages never asked GetResultsCoverage: a member who retook the Professional
  // assessment and went Back to their old /Pro/Feelings/Results saw the new assessment's results
  // drawn from one answer (a band text) or none (four petals of default 2s).
  const professional = questionsForTrack('Professional');
  const NO_DATA = content.site.noDataText;

  async function professionalWith(answered: (question: (typeof professional)[number]) => boolean): Promise<Person> {
    const member = await person(server);
    expect((await member.client.post('/api/user/CreateNewAssessment/Professional')).status).toBe(201);
    const answers = professional.filter(answered).map((question, index) => ({ questionGuid: question.questionGuid, response: (index % 4) + 1, order: question.order }));
    if (answers.length > 0) expect((await member.client.post('/api/user/SaveQuestionResponse', answers)).status).toBe(200);
    return member;
  }
  const firstOf = (petal: string, count: number) => {
    const guids = new Set(professional.filter((question) => question.petal === petal).slice(0, count).map((question) => question.questionGuid));
    return (question: (typeof professional)[number]) => guids.has(question.questionGuid);
  };

  function expectNoModuleResults(body: Record<string, unknown> & { petals: Array<{ score: unknown; band: unknown; resultText: string }> }) {
    expect(body).toMatchObject({ score: null, band: null, resultsText1: NO_DATA, resultsText2: NO_DATA, chartData: [], energyChartData: [] });
    expect(body.module).toMatchObject({ resultsText1: NO_DATA, resultsText2: NO_DATA });
    for (const petal of body.petals) expect(petal).toMatchObject({ score: null, band: null, resultText: NO_DATA });
  }

  it('gives a module below the rule no score, band text or chart (1 of 36 Experiences answered)', async () => {
    const member = await professionalWith(firstOf('Mind', 1));
    for (const module of ['Experiences', 'Feelings', 'Energy']) {
      const results = await member.client.get(`/api/data/GetModuleResults/${module}`);
      expect({ module, status: results.status }).toEqual({ module, status: 200 });
      expectNoModuleResults(results.body);
    }
    for (const isExperience of ['true', 'false']) {
      const chart = await member.client.get(`/api/data/GetFourPetalData/${isExperience}`);
      expect(chart.status).toBe(200);
      expect({ isExperience, chart: chart.body }).toEqual({ isExperience, chart: [] });
    }
  });

  it('gives a petal below the rule no score, band text or chart, but still its questions and the answers given', async () => {
    const member = await professionalWith(firstOf('Mind', 5));
    const mind = await member.client.get('/api/data/GetPetalResults/Mind');
    expect(mind.status).toBe(200);
    expect(mind.body.petal).toMatchObject({ score: null, band: null, resultText: NO_DATA, contributorText: NO_DATA });
    expect(mind.body).toMatchObject({ chart: null, chartData: null, energyChartData: null });
    const questions = mind.body.wellsprings.flatMap((group: { questions: Array<{ response: number | null }> }) => group.questions);
    expect(questions).toHaveLength(9);
    expect(questions.filter((question: { response: number | null }) => question.response !== null)).toHaveLength(5);
    for (const group of mind.body.wellsprings) expect(group.average).toBeNull();
    const activity = await member.client.get('/api/data/GetPetalResults/Activity');
    expect(activity.body.petal).toMatchObject({ score: null, band: null });
    expect(activity.body.energyChartData).toBeNull();
  });

  it('gives a petal its results at the threshold (6 of 9), and a module at its own (24 of 36)', async () => {
    const petal = await professionalWith(firstOf('Mind', 6));
    const mind = await petal.client.get('/api/data/GetPetalResults/Mind');
    expect(mind.body.petal.score).toEqual(expect.any(Number));
    expect(mind.body.petal.resultText).not.toBe(NO_DATA);
    expect(mind.body.chart.id).toBe('Mind');
    // The petal's module is still far below the rule (6 of 36).
    expectNoModuleResults((await petal.client.get('/api/data/GetModuleResults/Experiences')).body);

    const experiences = professional.filter((question) => question.module === 'Experiences');
    const covered = new Set(experiences.slice(0, 24).map((question) => question.questionGuid));
    const member = await professionalWith((question) => covered.has(question.questionGuid));
    const module = await member.client.get('/api/data/GetModuleResults/Experiences');
    expect(module.body.score).toEqual(expect.any(Number));
    expect(module.body.chartData).toHaveLength(4);
    expect(module.body.module.resultsText1).not.toBe(NO_DATA);
    expect((await member.client.get('/api/data/GetFourPetalData/true')).body).toHaveLength(4);
    // Feelings has no answers: still none of its results.
    expect((await member.client.get('/api/data/GetFourPetalData/false')).body).toEqual([]);
    const energy = professional.filter((question) => question.module === 'Energy');
    const energyCovered = new Set(energy.slice(0, 12).map((question) => question.questionGuid));
    const energetic = await professionalWith((question) => energyCovered.has(question.questionGuid));
    const energyResults = (await energetic.client.get('/api/data/GetModuleResults/Energy')).body;
    expect(energyResults.energyChartData.map((item: { category: string }) => item.category)).toEqual(['Activity Range', 'Excitement Range', 'Overall Energy']);
  });

  it('gives nobody signed in no results at all, where it drew a full chart of default values', async () => {
    const visitor = server.client();
    const mind = await visitor.get('/api/data/GetPetalResults/Mind');
    expect(mind.status).toBe(200);
    expect(mind.body.petal).toMatchObject({ score: null, band: null, resultText: NO_DATA });
    expect(mind.body.chart).toBeNull();
    const module = await visitor.get('/api/data/GetModuleResults/Experiences');
    expect(module.status).toBe(200);
    expectNoModuleResults(module.body);
  });
});
