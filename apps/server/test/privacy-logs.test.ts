import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAtProvider, callback, newPerson } from './auth-helpers';
import type { TestServer } from './harness';
import { answerEverything } from './reports-fixtures';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { LIFE_DATA } from './support/world';

/**
 * Logs are read by operators and shipped to log stores: they must hold no health data and
 * no credentials. The real server runs with LOG_LEVEL=debug while a guest answers, signs up
 * through the embedded provider and carries on as a member; then everything it printed is
 * searched for the password, the authorization code and state, every cookie value, the
 * checkout reference, invitation tokens (also URL-encoded inside a returnPath), a coach's
 * client search and its cursor, and the answers and life data that were sent.
 */
let proc: ServerProcess;
let server: TestServer;
beforeAll(async () => {
  proc = await startServerProcess({ LOG_LEVEL: 'debug' });
  server = proc.asTestServer();
}, 90_000);
afterAll(async () => {
  await proc?.dispose();
});

describe('log hygiene', () => {
  it('never prints passwords, codes, tokens, cookies, answers or life data, even at debug level', async () => {
    const client = server.client();
    const secrets: string[] = [];
    const remember = (...values: Array<string | undefined>) => secrets.push(...values.filter((value): value is string => Boolean(value)));

    expect((await client.post('/api/user/ContinueAsGuest', { referrer: 'newsletter' })).status).toBe(200);
    remember(client.cookies.get('bloom_session'));
    await client.post('/api/user/CreateNewAssessment/Rapid');
    const sentAnswers: unknown[] = [];
    const original = client.post.bind(client);
    // Record every answer page as sent on the wire.
    client.post = ((path: string, json?: unknown, options?: never) => {
      if (path === '/api/user/SaveQuestionResponse') sentAnswers.push(json);
      return original(path, json, options);
    }) as typeof client.post;
    await answerEverything(client, (index) => (index * 7 + 3) % 5);
    expect((await client.post('/api/user/SaveLifeData', { ...LIFE_DATA, income: '>$125,000', age: 37 })).status).toBe(200);

    const person = newPerson({ password: 'Correct-Horse-Battery-Staple-77', firstName: 'Logan', lastName: 'Secretary' });
    const { code, state } = await authorizeAtProvider(server, client, 'end', person);
    remember(code, state, client.cookies.get('bloom_login'));
    const finished = await callback(client, 'end', code, state);
    expect(finished.status).toBe(200);
    remember(client.cookies.get('bloom_session'));
    for (const [name, value] of client.cookies) if (name.startsWith('_') || name.includes('interaction') || name.includes('session')) remember(value);
    await client.get('/api/user/ExportMyData');

    // A sandbox checkout: its reference is a bearer secret for the store page and the return.
    const assessmentId = (await client.get('/api/user/GetLatestAssessment')).body.id as string;
    const checkout = await client.post(`/api/user/GetPurchaseUrl/${assessmentId}`);
    expect(checkout.status).toBe(200);
    const ref = new URL(checkout.body.redirectUrl, server.baseUrl).searchParams.get('session')!;
    expect(ref).toMatch(/^sbx_/);
    remember(ref);
    expect((await client.get(`/api/purchase/sandbox/${ref}`)).status).toBe(200);
    expect((await client.post(`/api/purchase/sandbox/${ref}/pay`)).status).toBe(200);
    expect((await client.get(`/api/user/PurchaseSuccessCallback?session=${ref}`)).status).toBe(200);

    // A coach's invitation link carries its token in the query, on the page and on the call that reads it.
    const invite = 'made-up-invitation-token-for-the-log-test';
    remember(invite);
    expect((await client.get(`/api/user/GetInvitation?invite=${invite}`)).status).toBe(404);
    // Signing up from that page sends the page, invitation and all, URL-encoded as returnPath.
    const encodedInvite = 'another-made-up-invitation-token';
    remember(encodedInvite);
    const signUpFromInvitation = new URLSearchParams({ returnPath: `/Client?invite=${encodedInvite}`, intent: 'sign-up' });
    expect((await client.post(`/api/auth/GetLoginUrlClient?${signUpFromInvitation}`)).status).toBe(200);

    // A coach's client search carries a name or an e-mail address, and its cursor the last row's names.
    const searched = 'someone.searched@example.com';
    const cursor = Buffer.from(JSON.stringify(['Cursorlastname', 'Cursorfirstname', 'cursor-user-id'])).toString('base64url');
    remember(searched, encodeURIComponent(searched), cursor, 'Cursorlastname');
    const search = new URLSearchParams({ search: searched, cursor, limit: '25', independent: 'true' });
    await client.get(`/api/coach/GetClientsPage?${search}`);

    // Addresses no route answers are logged the same way, the provider's pages too.
    const stray = 'stray-secret-in-an-unknown-address';
    remember(stray);
    expect((await client.get(`/api/user/NoSuchEndpoint?token=${stray}`)).status).toBe(404);
    await client.get(`/idp/no-such-page?login_hint=${stray}`);

    // Let the last lines reach the pipe.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const output = proc.output();
    // Every request was logged (so the checks below are not vacuous), with its path redacted where it holds a code.
    expect(output).toContain('"url":"/api/user/SaveQuestionResponse"');
    expect(output).toContain('"url":"/api/auth/LoginCallbackEnd/[redacted]"');
    expect(output).toContain('"url":"/api/purchase/sandbox/[redacted]/pay"');
    expect(output).toContain('"url":"/api/user/GetInvitation?invite=[redacted]"');
    // Parameter names stay, and the harmless values of the allow-list.
    expect(output).toContain('"url":"/api/auth/GetLoginUrlClient?returnPath=[redacted]&intent=sign-up"');
    expect(output).toContain('"url":"/api/coach/GetClientsPage?search=[redacted]&cursor=[redacted]&limit=25&independent=true"');

    for (const secret of [person.password, ...secrets]) {
      const line = output.split('\n').find((entry) => entry.includes(secret));
      expect(line, `a log line holds a secret`).toBeUndefined();
    }
    for (const page of sentAnswers) {
      expect(output).not.toContain(JSON.stringify(page));
      expect(output).not.toContain(JSON.stringify((page as unknown[])[0]));
    }
    expect(output).not.toMatch(/"response":\s*\d/);
    expect(output).not.toContain('>$125,000');
    expect(output).not.toContain(person.email);
  });
});
