import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiUrl } from './api-client';
import { answeredEarly, getEarly, getRequired, startEarly } from './early-requests';

/** Each GET answers with how many writes the "server" had seen when it was asked. */
function fakeServer() {
  let writes = 0;
  const reads: string[] = [];
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    if (init?.method === 'POST') writes += 1;
    else reads.push(path);
    return new Response(JSON.stringify({ writes }), { headers: { 'content-type': 'application/json' } });
  });
  return { reads: () => reads };
}

afterEach(() => vi.unstubAllGlobals());

describe('early requests', () => {
  it('hand the page the answer already on its way, once', async () => {
    const server = fakeServer();
    startEarly('getModuleQuestions', { module: 'Energy' });
    expect(await getEarly('getModuleQuestions', { module: 'Energy' })).toEqual({ writes: 0 });
    expect(server.reads()).toHaveLength(1);
  });

  it('are told apart by their URL: a read with other args asks again', async () => {
    const server = fakeServer();
    startEarly('getModuleQuestions', { module: 'Energy' });
    await getEarly('getModuleQuestions', { module: 'Feelings' });
    await getEarly('getModuleQuestions', { module: 'Energy' });
    expect(server.reads()).toEqual([apiUrl('getModuleQuestions', { module: 'Energy' }), apiUrl('getModuleQuestions', { module: 'Feelings' })]);
  });

  it('are not used once a write was sent after them: the page reads again and sees the saved answers', async () => {
    const server = fakeServer();
    startEarly('getModuleQuestions', { module: 'Energy' });
    await api.saveQuestionResponse({ body: [] });
    expect(await getEarly('getModuleQuestions', { module: 'Energy' })).toEqual({ writes: 1 });
    expect(server.reads()).toHaveLength(2);
  });

  it('give an answer that has arrived to a first render, nothing while it is on its way, and the same answer to the query', async () => {
    const server = fakeServer();
    startEarly('getModuleQuestions', { module: 'Energy' });
    expect(answeredEarly('getModuleQuestions', { module: 'Energy' })).toBeUndefined();
    await vi.waitFor(() => expect(answeredEarly('getModuleQuestions', { module: 'Energy' })).toEqual({ value: { writes: 0 } }));
    // Read, not taken: a render React dropped builds its query again and finds it still.
    expect(answeredEarly('getModuleQuestions', { module: 'Energy' })).toEqual({ value: { writes: 0 } });
    expect(answeredEarly('getModuleQuestions', { module: 'Feelings' })).toBeUndefined();
    expect(await getEarly('getModuleQuestions', { module: 'Energy' })).toEqual({ writes: 0 });
    expect(server.reads()).toHaveLength(1);
  });

  it('give no answer that arrived before a later write', async () => {
    fakeServer();
    startEarly('getModuleQuestions', { module: 'Energy' });
    await vi.waitFor(() => expect(answeredEarly('getModuleQuestions', { module: 'Energy' })).toBeDefined());
    await api.saveQuestionResponse({ body: [] });
    expect(answeredEarly('getModuleQuestions', { module: 'Energy' })).toBeUndefined();
  });

  it('refuse an empty answer where the page needs data', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    await expect(getRequired('getPositivityPotential')).rejects.toThrow('returned no data');
  });
});
