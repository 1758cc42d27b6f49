import { questionsForTrack, type Track } from '@bloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedAssessment, person, type Person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';
import { buyWithSandbox } from './reports-fixtures';

/**
 * The member dashboard's list (GET /api/user/GetAllAssessments): whether each assessment has
 * results under the coverage rule (DESIGN.md §11), and for the latest one without, the question
 * page to continue it on. Before this, an unfinished assessment was listed with Profile and Plan
 * buttons that led to a 409.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Row = { id: string; hasResults: boolean; continueAt: { moduleName: string; petalName: string | null } | null; planUnlocked?: boolean };

/** Starts an assessment and answers the first `count` questions of each named page (Rapid: module; Professional: petal). */
async function started(who: Person, track: Track, counts: Record<string, number>): Promise<string> {
  const created = await who.client.post<{ id: string }>(`/api/user/CreateNewAssessment/${track}`);
  expect(created.status).toBe(201);
  const pageOf = (question: { module: string; petal: string }) => (track === 'Rapid' ? question.module : question.petal);
  const answers = Object.entries(counts).flatMap(([page, count]) =>
    questionsForTrack(track)
      .filter((question) => pageOf(question) === page)
      .slice(0, count)
      .map((question, index) => ({ questionGuid: question.questionGuid, response: index % 5, order: question.order })),
  );
  if (answers.length > 0) expect((await who.client.post('/api/user/SaveQuestionResponse', answers)).status).toBe(200);
  return created.body.id;
}

async function listOf(who: Person): Promise<Row[]> {
  const response = await who.client.get<Row[]>('/api/user/GetAllAssessments');
  expect(response.status).toBe(200);
  return response.body;
}

describe('the member dashboard’s list: results and where to continue', () => {
  it('marks an assessment below the coverage rule as without results, with the page it was left on', async () => {
    const member = await person(server);
    const id = await started(member, 'Rapid', { Experiences: 12, Feelings: 3 });
    expect(await listOf(member)).toEqual([expect.objectContaining({ id, hasResults: false, planUnlocked: false, continueAt: { moduleName: 'Feelings', petalName: null } })]);
    // The report really is refused: the flag says what the report call would.
    expect((await member.client.get(`/api/data/GetBloomProfileReport/${id}`)).status).toBe(409);
  });

  it('follows the answers as they are saved, and offers to continue until every question is answered', async () => {
    const member = await person(server);
    const id = await started(member, 'Rapid', {});
    expect((await listOf(member))[0]).toMatchObject({ id, hasResults: false, continueAt: { moduleName: 'Experiences', petalName: null } });
    const resultItems = questionsForTrack('Rapid').filter((q) => q.module !== 'Energy');
    const eightEach = [...resultItems.filter((q) => q.module === 'Experiences').slice(0, 8), ...resultItems.filter((q) => q.module === 'Feelings').slice(0, 8)];
    const saved = await member.client.post('/api/user/SaveQuestionResponse', eightEach.map((q) => ({ questionGuid: q.questionGuid, response: 3, order: q.order })));
    expect(saved.status).toBe(200);
    // 8 of 12 each, Energy untouched: not every question answered, but results exist; the
    // questions left can still be answered, from the furthest page with an answer.
    expect((await listOf(member))[0]).toMatchObject({ id, hasResults: true, continueAt: { moduleName: 'Feelings', petalName: null } });
    expect((await member.client.get(`/api/data/GetBloomProfileReport/${id}`)).status).toBe(200);
    const rest = questionsForTrack('Rapid').filter((q) => !eightEach.includes(q));
    expect((await member.client.post('/api/user/SaveQuestionResponse', rest.map((q) => ({ questionGuid: q.questionGuid, response: 2, order: q.order })))).status).toBe(200);
    expect((await listOf(member))[0]).toMatchObject({ id, hasResults: true, continueAt: null });
  });

  it('offers to finish a Professional assessment left before Energy beside its results, on Energy’s first page', async () => {
    const member = await person(server);
    const created = await member.client.post<{ id: string }>('/api/user/CreateNewAssessment/Professional');
    const beforeEnergy = questionsForTrack('Professional').filter((q) => q.module !== 'Energy');
    const saved = await member.client.post('/api/user/SaveQuestionResponse', beforeEnergy.map((q, i) => ({ questionGuid: q.questionGuid, response: i % 5, order: q.order })));
    expect(saved.status).toBe(200);
    const energy = questionsForTrack('Professional').find((q) => q.module === 'Energy')!;
    expect((await listOf(member))[0]).toMatchObject({ id: created.body.id, hasResults: true, continueAt: { moduleName: 'Energy', petalName: energy.petal } });
    // Only the latest is continued: a newer assessment takes the journey's answers.
    await finishedAssessment(member, 'Rapid');
    expect((await listOf(member))[1]).toMatchObject({ id: created.body.id, hasResults: true, continueAt: null });
  });

  it('offers no Continue for an assessment whose plan was bought: its answers are kept as they are (decision 0074)', async () => {
    const member = await person(server);
    const id = await started(member, 'Rapid', { Experiences: 12, Feelings: 12 });
    expect((await listOf(member))[0]).toMatchObject({ id, hasResults: true, continueAt: { moduleName: 'Energy', petalName: null } });
    await buyWithSandbox({ client: member.client, userId: member.id, assessmentId: id });
    expect((await listOf(member))[0]).toMatchObject({ id, hasResults: true, planUnlocked: true, continueAt: null });
    // The page it would have led to refuses the answer: the offer would be a dead end.
    const energy = questionsForTrack('Rapid').find((q) => q.module === 'Energy')!;
    expect((await member.client.post('/api/user/SaveQuestionResponse', [{ questionGuid: energy.questionGuid, response: 2, order: energy.order }])).status).toBe(409);
  });

  it('continues a Professional assessment on the next petal’s questions', async () => {
    const member = await person(server);
    await started(member, 'Professional', { Body: 9, Mind: 9 });
    expect((await listOf(member))[0]?.continueAt).toEqual({ moduleName: 'Experiences', petalName: 'Connection' });
  });

  it('offers to continue only the latest assessment: the journey takes answers for no other', async () => {
    const member = await person(server);
    const older = await started(member, 'Rapid', { Experiences: 4 });
    const finished = await finishedAssessment(member, 'Rapid');
    const list = await listOf(member);
    expect(list.map((row) => [row.id, row.hasResults, row.continueAt])).toEqual([
      [finished, true, null],
      [older, false, null],
    ]);
    const latest = await started(member, 'Professional', {});
    expect((await listOf(member))[0]).toMatchObject({ id: latest, hasResults: false, continueAt: { moduleName: 'Experiences', petalName: 'Body' } });
  });

  it('orders assessments started at the same moment as the latest is chosen, each with its own answers', async () => {
    const member = await person(server);
    const first = await started(member, 'Rapid', { Experiences: 12, Feelings: 2 });
    const second = await started(member, 'Rapid', { Experiences: 5 });
    const sameMoment = '2026-11-20T10:00:00.000Z';
    await server.database.db.updateTable('assessments').set({ created_at: sameMoment }).where('id', 'in', [first, second]).execute();
    const [larger, smaller] = first > second ? [first, second] : [second, first];
    const list = await listOf(member);
    expect(list.map((row) => row.id)).toEqual([larger, smaller]);
    const latest = await member.client.get<{ id: string }>('/api/user/GetLatestAssessment');
    expect(latest.body.id).toBe(larger);
    // The latest one is continued where its own answers stop.
    expect(list[0]!.continueAt).toEqual({ moduleName: larger === first ? 'Feelings' : 'Experiences', petalName: null });
  });

  it('is the caller’s own: another member’s unfinished assessment is neither listed nor readable', async () => {
    const owner = await person(server);
    const id = await started(owner, 'Rapid', { Experiences: 2 });
    const other = await person(server);
    expect(await listOf(other)).toEqual([]);
    expect((await other.client.get(`/api/user/GetAssessmentById/${id}`)).status).toBe(404);
    expect((await server.client().get('/api/user/GetAllAssessments')).status).toBe(401);
  });
});
