import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { TestClient, startTestServer, type TestServer } from './harness';
import { callback, followToCallbackPage, formAction, getLoginUrl, newPerson, onServer, openProviderLogin, postForm, signIn } from './auth-helpers';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function start(environment: Record<string, string>) {
  const server = await startTestServer(environment);
  servers.push(server);
  return server;
}

describe('sign-in configuration', () => {
  it('keeps coaches pending when COACH_SIGNUP=approval', async () => {
    const server = await start({ COACH_SIGNUP: 'approval' });
    const { response } = await signIn(server, server.client(), { flow: 'coach' });
    expect(response.body).toMatchObject({ coachPending: true, firstName: 'Ada', lastName: 'Lovelace' });
    expect(response.body.user.userRoles).toEqual(['Member']);
    expect(response.body.user.coachPending).toBe(true);
  });

  it('gives the Admin role to the e-mail named in ADMIN_EMAILS only once the address is confirmed', async () => {
    const server = await start({ ADMIN_EMAILS: 'Boss@Bloom.test, other@bloom.test' });
    const client = server.client();
    const { response } = await signIn(server, client, { person: { email: 'boss@bloom.test', password: 'a fine long password', firstName: 'B', lastName: 'C' } });
    // Whoever signs up first with an admin's address is not the admin until the link mailed to it is followed (account-recovery.test.ts).
    expect(response.body.user.userRoles).toEqual(['Member']);
    await server.database.db.updateTable('users').set({ email: 'boss@bloom.test' }).where('id', '=', response.body.user.id).execute();
    await server.database.sessionCache?.caughtUp(); // PostgreSQL: the change reaches the session cache by NOTIFY (decision 0035)
    expect((await client.get('/api/user/getCurrentUser')).body.userRoles).toEqual(['Member', 'Admin']);
  });

  it('does not mount the embedded provider when an external issuer is configured, and answers 503 (not 500) while it is unreachable', async () => {
    const server = await start({ OIDC_ISSUER: 'http://127.0.0.1:9/realms/bloom', OIDC_CLIENT_ID: 'bloom', OIDC_CLIENT_SECRET: 'secret' });
    expect((await server.client().get('/idp/.well-known/openid-configuration')).status).toBe(404);
    const response = await server.client().post('/api/auth/GetLoginUrlBeginning');
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('identity_provider_unavailable');
    const secrets = await server.database.db.selectFrom('app_secrets').select('name').execute();
    expect(secrets).toEqual([]);
  });

  it('builds the embedded provider on its first request, not at start-up, and signs in from there', async () => {
    const server = await start({});
    const secretNames = async () => (await server.database.db.selectFrom('app_secrets').select('name').execute()).map((row) => row.name);
    // The client secret is read at start-up (the relying party needs it); the provider's own keys only when it is built (decision 0040).
    expect(await secretNames()).not.toContain('idp.signing_key');
    const discovery = await server.client().get('/idp/.well-known/openid-configuration');
    expect(discovery.status).toBe(200);
    expect(discovery.body.issuer).toBe(`${server.config.appOrigin}/idp`);
    expect(await secretNames()).toContain('idp.signing_key');
    const { response } = await signIn(server, server.client());
    expect(response.body.user.userRoles).toEqual(['Member']);
  });

  it('two instances on one database agree on the provider’s keys and client secret', async () => {
    const first = await start({});
    const { createEmbeddedProvider } = await import('../src/idp/provider');
    const [a, b] = await Promise.all([
      createEmbeddedProvider(first.database.db, first.config),
      createEmbeddedProvider(first.database.db, first.config),
    ]);
    expect(a.clientSecret).toBe(b.clientSecret);
    const jwksA = await first.client().get('/idp/jwks');
    expect(jwksA.body.keys).toHaveLength(1);
  });

  it('serves one sign-in across two instances sharing the database (provider state, keys and secrets are shared)', async () => {
    const server = await start({});
    const second = await buildApp({ config: server.config, database: server.database, webRoot: path.join(server.config.dataDir, 'no-web') });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = second.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const other: TestServer = { ...server, app: second, baseUrl: `http://127.0.0.1:${address.port}` };
      const onA = server.client();
      const onB = new TestClient(other.baseUrl);
      const share = (from: TestClient, to: TestClient) => {
        to.cookies.clear();
        for (const [name, value] of from.cookies) to.cookies.set(name, value);
      };
      const person = newPerson();
      const redirectUrl = await getLoginUrl(onA, 'client');
      share(onA, onB);
      const { interactionPath } = await openProviderLogin(other, onB, redirectUrl);
      share(onB, onA);
      const signup = await onA.get(onServer(server, `${interactionPath}/signup`));
      share(onA, onB);
      const posted = await postForm(other, onB, formAction(signup.text), { ...person });
      share(onB, onA);
      const { code, state } = await followToCallbackPage(server, onA, posted);
      share(onA, onB);
      const response = await callback(onB, 'client', code, state);
      expect(response.status, response.text).toBe(200);
      expect(response.body.user.userName).toBe(person.email);
    } finally {
      await second.close();
    }
  });
});
