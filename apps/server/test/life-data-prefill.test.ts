import { AGE_NOT_STATED, PREFER_NOT_TO_SAY } from '@bloom/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';
import { LIFE_DATA } from './support/world';

/**
 * A returning person finds Life Situations filled in from their last answers (issue 23 §6). A Skip
 * All is not an answer, so it is passed over; nobody sees anyone else's answers.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const ANSWERS = LIFE_DATA;
/** Skip All: every field "Prefer not to say" and no age. */
const SKIP_ALL = {
  ...Object.fromEntries(Object.keys(LIFE_DATA).map((field) => [field, PREFER_NOT_TO_SAY])),
  age: AGE_NOT_STATED,
};

describe('GET /api/user/GetPreviousLifeData', () => {
  it('gives a returning member their last answers, passing over a later Skip All', async () => {
    const member = await person(server);
    expect((await member.client.get('/api/user/GetPreviousLifeData')).body).toEqual({ lifeData: null, savedAt: null });

    await member.client.post('/api/user/CreateNewAssessment/Rapid');
    expect((await member.client.post('/api/user/SaveLifeData', ANSWERS)).status).toBe(200);
    await member.client.post('/api/user/CreateNewAssessment/Rapid');
    expect((await member.client.post('/api/user/SaveLifeData', SKIP_ALL)).status).toBe(200);
    await member.client.post('/api/user/CreateNewAssessment/Rapid');

    const previous = await member.client.get('/api/user/GetPreviousLifeData');
    expect(previous.status).toBe(200);
    expect(previous.headers.get('cache-control')).toContain('no-store');
    expect(previous.body.lifeData).toEqual(ANSWERS);
    expect(Date.parse(previous.body.savedAt)).not.toBeNaN();

    // Changed answers on a later assessment are what comes back next time.
    expect((await member.client.post('/api/user/SaveLifeData', { ...ANSWERS, age: ANSWERS.age + 1 })).status).toBe(200);
    expect((await member.client.get('/api/user/GetPreviousLifeData')).body.lifeData).toEqual({ ...ANSWERS, age: ANSWERS.age + 1 });

    const stranger = await person(server);
    expect((await stranger.client.get('/api/user/GetPreviousLifeData')).body).toEqual({ lifeData: null, savedAt: null });
  });

  it('answers 401 with no session', async () => {
    expect((await server.client().get('/api/user/GetPreviousLifeData')).status).toBe(401);
  });
});
