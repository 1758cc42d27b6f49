import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from './api';
import { apiGetEarly, startEarly } from './early-requests';

/** Each GET answers with how many writes the "server" had seen when it was asked. */
function fakeServer() {
  let writes = 0;
  let reads = 0;
  vi.stubGlobal('fetch', async (_path: string, init?: RequestInit) => {
    if (init?.method === 'POST') writes += 1;
    else reads += 1;
    return new Response(JSON.stringify({ writes }), { headers: { 'content-type': 'application/json' } });
  });
  return { reads: () => reads };
}

afterEach(() => vi.unstubAllGlobals());

describe('early requests', () => {
  it('hand the page the answer already on its way, once', async () => {
    const server = fakeServer();
    startEarly('/api/data/GetModuleQuestions/Energy');
    expect(await apiGetEarly('/api/data/GetModuleQuestions/Energy')).toEqual({ writes: 0 });
    expect(server.reads()).toBe(1);
  });

  it('are not used once a write was sent after them: the page reads again and sees the saved answers', async () => {
    const server = fakeServer();
    startEarly('/api/data/GetModuleQuestions/Energy');
    await apiPost('/api/user/SaveQuestionResponse', []);
    expect(await apiGetEarly('/api/data/GetModuleQuestions/Energy')).toEqual({ writes: 1 });
    expect(server.reads()).toBe(2);
  });
});
