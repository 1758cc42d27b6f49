import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coach, person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';
import { isErrorEnvelope } from './support/callers';

/**
 * Inputs and limits (issue 23 §5): text that is not well-formed Unicode, and how many
 * assessments one session or account may start.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

// JSON.stringify writes a lone surrogate as the escape \ud800, which JSON.parse turns back into one.
const LONE_SURROGATES = ['\uD800', 'Ann\uDBFF', '\uDC00x', 'a\uDFFFb', 'x'.repeat(99) + '\uD83D'];

describe('lone UTF-16 surrogates', () => {
  it('are refused with 400 in names, referrers and saved routes, and nothing is stored', async () => {
    const member = await person(server, { firstName: 'Ada', lastName: 'Lovelace' });
    const trainer = await coach(server);
    for (const bad of LONE_SURROGATES) {
      const calls = [
        await member.client.post('/api/user/SaveClientName', { firstName: bad, lastName: 'Lovelace' }),
        await trainer.client.post('/api/coach/SetCoachName', { firstName: 'Casey', lastName: bad }),
        await server.client().post('/api/user/ContinueAsGuest', { referrer: bad }),
        await member.client.post('/api/user/SaveUserProgress', { route: `/Rapid/${bad}` }),
      ];
      for (const [index, response] of calls.entries()) {
        expect({ bad: JSON.stringify(bad), index, status: response!.status }).toEqual({ bad: JSON.stringify(bad), index, status: 400 });
        expect(isErrorEnvelope(response!)).toBe(true);
      }
    }
    const me = await member.client.get('/api/user/getCurrentUser');
    expect(me.body).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('still accepts well-formed text outside the Basic Multilingual Plane (a surrogate pair)', async () => {
    const member = await person(server);
    const saved = await member.client.post('/api/user/SaveClientName', { firstName: 'Ana 🌸', lastName: '𝒮mith' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ firstName: 'Ana 🌸', lastName: '𝒮mith' });
  });
});

describe('starting assessments', () => {
  it('allows 30 an hour per account, then answers 429 with Retry-After, leaving other people unaffected', async () => {
    const member = await person(server);
    const started = await Promise.all(Array.from({ length: 30 }, () => member.client.post('/api/user/CreateNewAssessment/Rapid')));
    expect(started.map((response) => response.status)).toEqual(Array(30).fill(201));
    const refused = await member.client.post('/api/user/CreateNewAssessment/Professional');
    expect(refused.status).toBe(429);
    expect(isErrorEnvelope(refused)).toBe(true);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refused call started nothing: the latest assessment is still one of the thirty.
    const latest = await member.client.get('/api/user/GetLatestAssessment');
    expect(started.map((response) => response.body.id)).toContain(latest.body.id);

    const someoneElse = await person(server);
    expect((await someoneElse.client.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
  });

  it('counts a guest session the same way', async () => {
    const guest = server.client();
    expect((await guest.post('/api/user/ContinueAsGuest', {})).status).toBe(200);
    for (let index = 0; index < 30; index++) expect((await guest.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(201);
    expect((await guest.post('/api/user/CreateNewAssessment/Rapid')).status).toBe(429);
  });
});

describe('requests that never finish arriving', () => {
  it('are given 30 s for their headers and body: Node’s request timeout is on (Fastify’s default, 0, turned it off)', () => {
    // A client that sent headers and one byte of a 60,000-byte body held its connection for good,
    // and a thousand such used up the process's file descriptors. Node closes a request that has
    // not fully arrived within requestTimeout (checked every connectionsCheckingInterval).
    expect(server.app.server.requestTimeout).toBe(30_000);
  });
});
