import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('foundation', () => {
  it('answers /api/health with the database dialect', async () => {
    const response = await server.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'sqlite' });
  });

  it('matches API paths case-insensitively', async () => {
    const response = await server.client().get('/API/Health');
    expect(response.status).toBe(200);
  });

  it('answers unknown API paths with a JSON 404 envelope', async () => {
    const response = await server.client().get('/api/does/not/exist');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });

  it('refuses a state-changing call without the CSRF header', async () => {
    const response = await server.client().request('POST', '/api/user/SaveUserProgress', { json: { route: '/x' }, csrf: false });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('csrf_rejected');
  });

  it('refuses a state-changing call from another origin even with the header', async () => {
    const response = await server.client().post('/api/user/SaveUserProgress', { route: '/x' }, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });

  it('answers malformed JSON with a 400 envelope, not a 500', async () => {
    const response = await server.client().request('POST', '/api/user/SaveUserProgress', {
      body: '{"route":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBeTruthy();
  });

  it('answers a too-large body with 413', async () => {
    const response = await server.client().post('/api/user/SaveUserProgress', { route: `/${'a'.repeat(200_000)}` });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBeTruthy();
  });

  it('sends security headers with a Content-Security-Policy, for pages and for the API', async () => {
    const page = await server.client().get('/no-such-page');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const api = await server.client().get('/api/health');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
