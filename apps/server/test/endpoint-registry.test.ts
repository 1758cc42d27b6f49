import { questionsForTrack } from '@bloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointHandlers } from '../src/api/call';
import { endpointHandlers } from '../src/api/handlers/index';
import { isTransaction } from '../src/db/accelerator';
import type { Db } from '../src/db/handle';
import { person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * The registry's chain around a handler (decision 0025), seen through the real server on this
 * run's database: a handler whose entry writes gets one transaction (undone whole when it
 * fails), a reading or outside-calling one gets the database itself, and the rate limit is
 * counted before and outside the transaction.
 */
const seen = new Map<string, boolean>();
const failAfterWriting = new Set<string>();

/** Each handler of the table, wrapped to note whether it ran in a transaction and, when asked, to fail after its work. */
function watched(): EndpointHandlers {
  const wrapped: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(endpointHandlers) as Array<[string, (call: { db: Db }) => Promise<unknown>]>) {
    wrapped[name] = async (call: { db: Db }) => {
      seen.set(name, isTransaction(call.db));
      const output = await handler(call);
      if (failAfterWriting.has(name)) throw new Error(`${name} failed after its writes (test)`);
      return output;
    };
  }
  return wrapped as unknown as EndpointHandlers;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { handlers: watched() });
});
afterAll(async () => {
  await server?.close();
});

const rapid = questionsForTrack('Rapid');
const answer = (index: number, response: number) => ({ questionGuid: rapid[index]!.questionGuid, response, order: rapid[index]!.order });

describe('the endpoint registry', () => {
  it('runs a writing entry in one transaction, and undoes all of it when the handler fails', async () => {
    const member = await person(server);
    expect((await member.client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
    expect(seen.get('createNewAssessment')).toBe(true);

    failAfterWriting.add('saveQuestionResponse');
    const failed = await member.client.post('/api/user/SaveQuestionResponse', [answer(0, 4), answer(1, 3)]);
    failAfterWriting.delete('saveQuestionResponse');
    expect(failed.status).toBe(500);
    expect(seen.get('saveQuestionResponse')).toBe(true);

    const latest = await member.client.get('/api/user/GetLatestAssessment');
    expect(seen.get('getLatestAssessment')).toBe(false);
    const stored = await server.database.db.selectFrom('responses').select('question_guid').where('assessment_id', '=', latest.body.id).execute();
    expect(stored).toEqual([]);

    expect((await member.client.post('/api/user/SaveQuestionResponse', [answer(0, 4)])).status).toBe(200);
    const kept = await server.database.db.selectFrom('responses').select('response').where('assessment_id', '=', latest.body.id).execute();
    expect(kept.map((row) => row.response)).toEqual([4]);
  });

  it('gives an entry that calls out to another service no transaction', async () => {
    const visitor = server.client();
    expect((await visitor.post('/api/auth/GetLoginUrlBeginning')).status).toBe(200);
    expect(seen.get('getLoginUrlBeginning')).toBe(false);
  });

  it('answers other callers while one call holds its transaction open', async () => {
    const member = await person(server);
    const other = await person(server);
    failAfterWriting.add('saveUserProgress');
    const [held, read] = await Promise.all([
      member.client.post('/api/user/SaveUserProgress', { route: '/Experiences' }),
      other.client.get('/api/user/getCurrentUser'),
    ]);
    failAfterWriting.delete('saveUserProgress');
    expect(held.status).toBe(500);
    expect(read.status).toBe(200);
    const user = await server.database.db.selectFrom('users').select('last_visited_route').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(user.last_visited_route).not.toBe('/Experiences');
  });

  it('counts the rate limit outside the transaction, so a failed call still counts', async () => {
    const member = await person(server);
    const key = `assessment-create:user:${member.id}`;
    failAfterWriting.add('createNewAssessment');
    expect((await member.client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(500);
    failAfterWriting.delete('createNewAssessment');
    const row = await server.database.db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst();
    expect(Number(row?.hits)).toBe(1);
    expect(await server.database.db.selectFrom('assessments').select('id').where('user_id', '=', member.id).execute()).toEqual([]);
  });

  it('sets cache-control from the entry', async () => {
    const member = await person(server);
    expect((await member.client.get('/api/user/GetAllAssessments')).headers.get('cache-control')).toBe('private, no-store');
    expect((await member.client.get('/api/data/GetTestimonials')).headers.get('cache-control')).toBe('public, max-age=300');
    expect((await member.client.get('/api/user/getCurrentUser')).headers.get('cache-control')).toBe('no-store');
  });
});
