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

  it('refuses a save with no session with 401, so the page can say its answers cannot be kept', async () => {
    const response = await server.client().post('/api/user/SaveQuestionResponse', one(0, 2));
    expect(response.status).toBe(401);
  });
});
