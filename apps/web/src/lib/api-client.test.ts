import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiUrl } from './api-client';

describe('the typed API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the spec path from the table, encoding each value in its own segment', () => {
    expect(apiUrl('getAssessmentScores', { assessmentId: 'a/b?c' })).toBe('/api/data/GetAssessmentScores/a%2Fb%3Fc');
    expect(apiUrl('getPreviousLifeData')).toBe('/api/user/GetPreviousLifeData');
  });

  it('refuses a path value of "." or "..", which the URL parser would drop or climb with even as %2E', () => {
    expect(new URL('/api/organization/AddNewOrganization/%2E%2E', 'http://x').pathname).toBe('/api/organization/');
    expect(() => apiUrl('addNewOrganization', { name: '..' })).toThrow('cannot be ".."');
    expect(() => apiUrl('addNewGroup', { organizationGuid: 'o-1', groupName: '.' })).toThrow('cannot be "."');
    // Three dots, or dots among other characters, are an ordinary segment.
    expect(apiUrl('addNewOrganization', { name: '...' })).toBe('/api/organization/AddNewOrganization/...');
    expect(apiUrl('addNewOrganization', { name: 'St. Mary' })).toBe('/api/organization/AddNewOrganization/St.%20Mary');
  });

  it('sends the body of a write with the CSRF header, and returns the parsed answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ saved: 1 }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = { questionGuid: '00000000-0000-4000-8000-000000000001', response: 3, order: 1 };
    const result = await api.saveQuestionResponse({ body: [answer] }, { keepalive: true });
    expect(result).toEqual({ saved: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/SaveQuestionResponse');
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect(JSON.parse(String(init.body))).toEqual([answer]);
    expect((init.headers as Record<string, string>)['x-bloom-csrf']).toBe('1');
  });

  it("turns a failure into an ApiError with the envelope's message and code, or the status text when there is none", async () => {
    const envelope = { error: { message: 'This plan is locked.', code: 'plan_locked' } };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(envelope), { status: 403, headers: { 'content-type': 'application/json' } }));
    await expect(api.getPositivityPlan({ assessmentId: 'a-1' })).rejects.toMatchObject({ name: 'ApiError', status: 403, message: 'This plan is locked.', code: 'plan_locked' });
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.getPositivityPlan({ assessmentId: 'a-1' })).rejects.toMatchObject({ status: 502, message: 'Bad Gateway', code: undefined });
  });

  it('is typed by the table: a missing path parameter does not compile', () => {
    // @ts-expect-error assessmentId is required
    expect(() => apiUrl('getAssessmentScores', {})).toThrow('{assessmentId}');
  });
});
