import { questionsForTrack } from '@bloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * DESIGN.md §11 from the server's side: the web app saves each answer as a one-item list the
 * moment it is chosen, resends after a failure, and may send answers of one page at once. A
 * retry changes nothing, the last write for a question wins, and saves that race each other
 * still complete the assessment.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const rapid = questionsForTrack('Rapid');
const one = (index: number, response: number) => [{ questionGuid: rapid[index]!.questionGuid, response, order: rapid[index]!.order }];

async function savedResponse(client: Awaited<ReturnType<typeof person>>['client'], index: number): Promise<number | null> {
  const module = rapid[index]!.module;
  const view = await client.get(`/api/data/GetModuleQuestions/${module}`);
  const questions = view.body.wellsprings.flatMap((w: { questions: Array<{ questionGuid: string; response: number | null }> }) => w.questions);
  return questions.find((q: { questionGuid: string }) => q.questionGuid === rapid[index]!.questionGuid)?.response ?? null;
}

describe('saving answers one at a time', () => {
  it('a retried save changes nothing, and the last write for a question wins', async () => {
    const member = await person(server);
    expect((await member.client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
    for (let i = 0; i < 3; i += 1) expect((await member.client.post('/api/user/SaveQuestionResponse', one(0, 3))).status).toBe(200);
    expect(await savedResponse(member.client, 0)).toBe(3);
    expect((await member.client.post('/api/user/SaveQuestionResponse', one(0, 1))).status).toBe(200);
    expect(await savedResponse(member.client, 0)).toBe(1);
    // One list naming a question twice keeps its later entry.
    expect((await member.client.post('/api/user/SaveQuestionResponse', [...one(1, 4), ...one(1, 0)])).status).toBe(200);
    expect(await savedResponse(member.client, 1)).toBe(0);
  });

  it('thirty one-item saves sent at once are all kept and complete the assessment', async () => {
    const member = await person(server);
    const created = await member.client.post('/api/user/CreateNewAssessment/Rapid');
    const results = await Promise.all(rapid.map((_, index) => member.client.post('/api/user/SaveQuestionResponse', one(index, index % 5))));
    expect(results.map((r) => r.status)).toEqual(rapid.map(() => 200));
    for (const index of [0, 17, 29]) expect(await savedResponse(member.client, index)).toBe(index % 5);
    const row = await server.database.db.selectFrom('assessments').select('completed_at').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row.completed_at).not.toBeNull();
  });

  it('goes to the latest assessment, and answers 404 before there is one, storing nothing', async () => {
    const member = await person(server);
    const none = await member.client.post('/api/user/SaveQuestionResponse', one(0, 2));
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe('You have not started an assessment yet.');
    const older = (await member.client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid')).body.id;
    const newer = (await member.client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid')).body.id;
    expect((await member.client.post('/api/user/SaveQuestionResponse', one(3, 4))).status).toBe(200);
    const stored = await server.database.db.selectFrom('responses').select(['assessment_id', 'response']).where('assessment_id', 'in', [older, newer]).execute();
    expect(stored).toEqual([{ assessment_id: newer, response: 4 }]);
  });

  it('refuses a page of the other track, or of both, with 400 naming the first such question, and stores nothing', async () => {
    const member = await person(server);
    const created = (await member.client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid')).body.id;
    const professional = questionsForTrack('Professional');
    const asked = (index: number) => ({ questionGuid: professional[index]!.questionGuid, response: 1, order: professional[index]!.order });
    for (const page of [[asked(0), asked(1)], [...one(0, 2), asked(5)], [asked(7), ...one(1, 3)]]) {
      const response = await member.client.post('/api/user/SaveQuestionResponse', page);
      expect(response.status, JSON.stringify(page)).toBe(400);
      const first = page.find((answer) => professional.some((q) => q.questionGuid === answer.questionGuid))!;
      expect(response.body.error.message).toBe(`Question ${first.questionGuid} is not part of the Rapid assessment.`);
    }
    const stored = await server.database.db.selectFrom('responses').select('question_guid').where('assessment_id', '=', created).execute();
    expect(stored).toEqual([]);
  });

  it('refuses a save with no session with 401, so the page can say its answers cannot be kept', async () => {
    const response = await server.client().post('/api/user/SaveQuestionResponse', one(0, 2));
    expect(response.status).toBe(401);
  });
});
