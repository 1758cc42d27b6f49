import { generateKeyPairSync } from 'node:crypto';
import { currentUserSchema } from '@bloom/contracts';
import type { CustomFetch } from 'openid-client';
import { RelyingParty } from '../src/auth/relying-party';
import { inProcessFetch } from '../src/idp/mount';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeGuestIntoMember } from '../src/users/index';
import { newId, sha256 } from '../src/lib/crypto';
import { startTestServer, type TestClient, type TestServer } from './harness';
import {
  FLOW_PATHS,
  authorizeAtProvider,
  callback,
  formAction,
  getLoginUrl,
  newPerson,
  onServer,
  openProviderLogin,
  postForm,
  signIn,
  type Flow,
} from './auth-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const sessionCookie = (client: TestClient) => client.cookies.get('bloom_session');

async function addAssessment(userId: string): Promise<string> {
  const id = newId();
  await server.database.db
    .insertInto('assessments')
    .values({ id, user_id: userId, is_ninety_item: 0, coach_access_granted: 0, client_access_granted: 0, created_at: new Date().toISOString(), completed_at: null })
    .execute();
  return id;
}

describe('login URLs', () => {
  it('returns an authorization URL with PKCE S256, state, nonce, fragment response mode and the flow’s callback page', async () => {
    const client = server.client();
    const redirectUrl = new URL(await getLoginUrl(client, 'professional'));
    expect(`${redirectUrl.origin}${redirectUrl.pathname}`).toBe('http://127.0.0.1/idp/auth');
    const params = redirectUrl.searchParams;
    expect(params.get('client_id')).toBe('bloom-web');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe('http://127.0.0.1/login-callback-professional');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('response_mode')).toBe('fragment');
    expect(params.get('prompt')).toBe('login');
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    // The transaction is stored under the state's hash, bound to this browser's cookie.
    const row = await server.database.db.selectFrom('login_transactions').selectAll().where('id', '=', sha256(params.get('state')!)).executeTakeFirstOrThrow();
    expect(row.flow).toBe('professional');
    expect(row.browser_hash).toBe(sha256(client.cookies.get('bloom_login')!));
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(10 * 60 * 1000);
  });

  it('answers every spelling: GetLoginUrl*, GetWixLoginUrl*, and purchase under /api/user', async () => {
    const client = server.client();
    for (const path of [
      '/api/auth/GetLoginUrlBeginning', '/api/auth/GetWixLoginUrlBeginning', '/api/auth/GetLoginUrlProfessional', '/api/auth/GetWixLoginUrlProfessional',
      '/api/auth/GetLoginUrlEnd', '/api/auth/GetWixLoginUrlEnd', '/api/auth/GetLoginUrlCoach', '/api/auth/GetWixLoginUrlCoach',
      '/api/auth/GetLoginUrlClient', '/api/auth/GetWixLoginUrlClient', '/api/user/GetLoginUrlPurchase', '/api/user/GetWixLoginUrlPurchase',
      '/api/auth/getloginurlbeginning',
    ]) {
      const response = await client.post(path);
      expect(response.status, path).toBe(200);
      expect(Object.keys(response.body)).toEqual(['redirectUrl']);
    }
  });

  it('accepts the no-body POSTs with or without a JSON content type, and still refuses malformed JSON', async () => {
    const client = server.client();
    const empty = await client.request('POST', '/api/auth/GetLoginUrlEnd', { body: '', headers: { 'content-type': 'application/json' } });
    expect(empty.status, empty.text).toBe(200);
    expect((await client.request('POST', '/api/auth/LogOut', { body: '', headers: { 'content-type': 'application/json' } })).status).toBe(200);
    const malformed = await client.request('POST', '/api/auth/GetLoginUrlEnd', { body: '{"a":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    const poisoned = await client.request('POST', '/api/auth/LogOut', { body: '{"__proto__":{"x":1}}', headers: { 'content-type': 'application/json' } });
    expect(poisoned.status).toBe(400);
  });

  it('refuses a login-URL request without the CSRF header or from another origin', async () => {
    const withoutHeader = await server.client().request('POST', '/api/auth/GetLoginUrlBeginning', { csrf: false });
    expect(withoutHeader.status).toBe(403);
    expect(withoutHeader.body.error.code).toBe('csrf_rejected');
    const crossSite = await server.client().post('/api/user/GetWixLoginUrlPurchase', undefined, { headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
  });
});

describe('each flow lands on its callback page and answers what its page needs', () => {
  const flows: Flow[] = ['beginning', 'professional', 'end', 'coach', 'client', 'purchase'];
  for (const flow of flows) {
    it(flow, async () => {
      const client = server.client();
      const person = newPerson({ firstName: 'Grace', lastName: 'Hopper' });
      const { callbackPage, code, state } = await authorizeAtProvider(server, client, flow, person);
      expect(`${callbackPage.origin}${callbackPage.pathname}`).toBe(`http://127.0.0.1/login-callback-${flow}`);
      expect(callbackPage.search).toBe('');
      expect(code).not.toBe('');
      expect(state).not.toBe('');
      const response = await callback(client, flow, code, state);
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const user = currentUserSchema.parse(response.body.user);
      expect(user).toMatchObject({ userName: person.email, firstName: 'Grace', lastName: 'Hopper' });
      if (flow === 'beginning') expect(response.body).toEqual({ ok: true, hasAssessment: false, user });
      else if (flow === 'coach') {
        expect(response.body).toEqual({ ok: true, firstName: 'Grace', lastName: 'Hopper', coachPending: false, user });
        expect(user.userRoles).toEqual(['Member', 'Coach']);
      } else expect(response.body).toEqual({ ok: true, user });
      const me = await client.get('/api/user/getCurrentUser');
      expect(me.body.id).toBe(user.id);
      // Embedded-provider people are recorded under a fixed issuer name, so a new APP_ORIGIN keeps their accounts.
      // The address is not one the provider vouches for until its confirmation link is followed (decision 0028).
      const row = await server.database.db.selectFrom('users').select(['issuer', 'email', 'is_guest']).where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ issuer: 'urn:bloom:embedded-provider', email: null, is_guest: 0 });
    });
  }

  it('tells the beginning page when the account already has an assessment', async () => {
    const person = newPerson();
    const first = await signIn(server, server.client(), { person });
    await addAssessment(first.response.body.user.id);
    const again = await signIn(server, server.client(), { person, existing: true });
    expect(again.response.body.hasAssessment).toBe(true);
  });

  it('logs an existing account in without creating a second user', async () => {
    const person = newPerson();
    const first = await signIn(server, server.client(), { person, flow: 'client' });
    const second = await signIn(server, server.client(), { person, flow: 'end', existing: true });
    expect(second.response.body.user.id).toBe(first.response.body.user.id);
  });

  it('keeps names the person set in Bloom when the provider sends its own', async () => {
    const person = newPerson({ firstName: 'Provider', lastName: 'Name' });
    const first = await signIn(server, server.client(), { person, flow: 'coach' });
    await server.database.db.updateTable('users').set({ first_name: 'Coach', last_name: 'Display' }).where('id', '=', first.response.body.user.id).execute();
    await server.database.sessionCache?.caughtUp(); // PostgreSQL: the change reaches the session cache by NOTIFY (decision 0035)
    const again = await signIn(server, server.client(), { person, flow: 'coach', existing: true });
    expect(again.response.body).toMatchObject({ firstName: 'Coach', lastName: 'Display' });
  });
});

describe('callback state checks (all 400 with a JSON message, never 500)', () => {
  async function readyCallback(flow: Flow = 'beginning') {
    const client = server.client();
    const person = newPerson();
    const { code, state } = await authorizeAtProvider(server, client, flow, person);
    return { client, person, code, state };
  }

  it('refuses an unknown state', async () => {
    const { client, code } = await readyCallback();
    const response = await callback(client, 'beginning', code, 'not-a-state-we-issued');
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'login_unknown' });
    expect(response.body.error.message).toMatch(/not valid/);
  });

  it('refuses a state used twice', async () => {
    const { client, code, state } = await readyCallback();
    expect((await callback(client, 'beginning', code, state)).status).toBe(200);
    const reused = await callback(client, 'beginning', code, state);
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('login_used');
  });

  it('lets only one of two concurrent uses of the same state succeed', async () => {
    const { client, code, state } = await readyCallback();
    const results = await Promise.all([callback(client, 'beginning', code, state), callback(client, 'beginning', code, state)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired state', async () => {
    const { client, code, state } = await readyCallback();
    await server.database.db.updateTable('login_transactions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', sha256(state)).execute();
    const response = await callback(client, 'beginning', code, state);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('login_expired');
  });

  it('refuses a state from another browser, without burning it for the browser that owns it', async () => {
    const { client, code, state } = await readyCallback();
    const stranger = server.client();
    const foreign = await callback(stranger, 'beginning', code, state);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.code).toBe('login_other_browser');
    const strangerWithOwnBinding = server.client();
    await getLoginUrl(strangerWithOwnBinding, 'beginning');
    expect((await callback(strangerWithOwnBinding, 'beginning', code, state)).body.error.code).toBe('login_other_browser');
    expect((await callback(client, 'beginning', code, state)).status).toBe(200);
  });

  it('refuses a state issued for another flow', async () => {
    const { client, code, state } = await readyCallback('beginning');
    const wrong = await callback(client, 'end', code, state);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('login_wrong_flow');
    const purchase = await client.get(`${FLOW_PATHS.purchase.callback}/${code}/${state}`);
    expect(purchase.body.error.code).toBe('login_wrong_flow');
    expect((await callback(client, 'beginning', code, state)).status).toBe(200);
  });

  it('refuses a code the provider did not issue', async () => {
    const { client, state } = await readyCallback();
    const response = await callback(client, 'beginning', 'forged-code', state);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('login_rejected');
  });

  it('refuses an ID token whose nonce does not match the transaction', async () => {
    const { client, code, state } = await readyCallback();
    await server.database.db.updateTable('login_transactions').set({ nonce: 'tampered-nonce' }).where('id', '=', sha256(state)).execute();
    const response = await callback(client, 'beginning', code, state);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('login_rejected');
    expect(await client.get('/api/user/getCurrentUser').then((r) => r.status)).toBe(204);
  });

  it('verifies the ID token signature against the provider’s published keys', async () => {
    const db = server.database.db;
    const clientSecret = (await db.selectFrom('app_secrets').select('value').where('name', '=', 'idp.client_secret.bloom-web').executeTakeFirstOrThrow()).value;
    const genuine = inProcessFetch(server.app, server.config.appOrigin);
    const realKid = (await server.client().get('/idp/jwks')).body.keys[0].kid as string;
    const impostorKey = { ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }), kid: realKid, alg: 'ES256', use: 'sig' };
    const withImpostorKeys: CustomFetch = async (url, options) =>
      new URL(url).pathname === '/idp/jwks' ? Response.json({ keys: [impostorKey] }) : genuine(url, options);
    const relyingParty = (fetch: CustomFetch) =>
      new RelyingParty({ issuer: 'http://127.0.0.1/idp', clientId: 'bloom-web', clientSecret, appOrigin: server.config.appOrigin, embedded: true, allowHttp: true, fetch }, server.app.log);
    const finish = async (party: RelyingParty) => {
      const { code, state } = await readyCallback();
      const row = await db.selectFrom('login_transactions').selectAll().where('id', '=', sha256(state)).executeTakeFirstOrThrow();
      return party.finishLogin({ flow: 'beginning', code, state, nonce: row.nonce, codeVerifier: row.code_verifier });
    };
    await expect(finish(relyingParty(genuine))).resolves.toMatchObject({ identity: { issuer: 'urn:bloom:embedded-provider' } });
    await expect(finish(relyingParty(withImpostorKeys))).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('refuses a code exchanged with another PKCE verifier', async () => {
    const { client, code, state } = await readyCallback();
    await server.database.db.updateTable('login_transactions').set({ code_verifier: 'x'.repeat(43) }).where('id', '=', sha256(state)).execute();
    const response = await callback(client, 'beginning', code, state);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('login_rejected');
  });
});

describe('sessions', () => {
  it('rotates the session on sign-in: the cookie from before no longer works (no session fixation)', async () => {
    const client = server.client();
    const guest = await client.post('/api/user/ContinueAsGuest', {});
    expect(guest.status).toBe(200);
    const before = sessionCookie(client)!;
    await signIn(server, client);
    const after = sessionCookie(client)!;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const attacker = server.client();
    attacker.cookies.set('bloom_session', before);
    expect((await attacker.get('/api/user/getCurrentUser')).status).toBe(204);
    expect((await client.get('/api/user/getCurrentUser')).body.userRoles).toEqual(['Member']);
  });

  it('logs out: deletes the session and clears the cookie; logging out again is fine', async () => {
    const client = server.client();
    await signIn(server, client);
    const token = sessionCookie(client)!;
    const response = await client.post('/api/auth/LogOut');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(sessionCookie(client)).toBeUndefined();
    const reuse = server.client();
    reuse.cookies.set('bloom_session', token);
    expect((await reuse.get('/api/user/getCurrentUser')).status).toBe(204);
    expect((await client.post('/api/auth/LogOut')).body).toEqual({ ok: true });
    expect((await server.client().request('POST', '/api/auth/LogOut', { csrf: false })).status).toBe(403);
  });
});

describe('the next person at a shared browser (review of 2026-11-27)', () => {
  it('is asked for a password after a log-out, even with prompt=login taken out of the address', async () => {
    const browser = server.client();
    await signIn(server, browser);
    expect((await browser.post('/api/auth/LogOut')).status).toBe(200);
    // The next person answers as a guest, then signs in from an address with prompt=login removed:
    // the provider's session of the last person is still in this browser.
    expect((await browser.post('/api/user/ContinueAsGuest', {})).status).toBe(200);
    const address = new URL(await getLoginUrl(browser, 'beginning'));
    address.searchParams.delete('prompt');
    let location = (await browser.get(onServer(server, address.href))).headers.get('location') ?? '';
    for (let hop = 0; hop < 5 && !/\/interaction\/|login-callback-/.test(location); hop++) {
      location = (await browser.get(onServer(server, location))).headers.get('location') ?? '';
    }
    // The log-in form, not a code for the last person's account.
    expect(location).toMatch(/\/idp\/interaction\//);
    expect(location).not.toMatch(/login-callback-/);
  });
});

describe('guest merge', () => {
  it('moves a guest’s assessments into the account exactly once, even from two tabs at the same time', async () => {
    const client = server.client();
    const guest = await client.post('/api/user/ContinueAsGuest', { referrer: 'newsletter' });
    const guestId = guest.body.id as string;
    const assessmentId = await addAssessment(guestId);
    const person = newPerson();
    // Two tabs of the same browser each start a sign-in, then both callbacks arrive together.
    const tabOne = await authorizeAtProvider(server, client, 'end', person);
    const tabTwo = await authorizeAtProvider(server, client, 'end', person, { existing: true });
    const [one, two] = await Promise.all([callback(client, 'end', tabOne.code, tabOne.state), callback(client, 'end', tabTwo.code, tabTwo.state)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const memberId = one.body.user.id as string;
    expect(two.body.user.id).toBe(memberId);
    const db = server.database.db;
    const owned = await db.selectFrom('assessments').select(['id', 'user_id']).where('user_id', 'in', [guestId, memberId]).execute();
    expect(owned).toEqual([{ id: assessmentId, user_id: memberId }]);
    const guestRow = await db.selectFrom('users').selectAll().where('id', '=', guestId).executeTakeFirstOrThrow();
    expect(guestRow.merged_into).toBe(memberId);
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', guestId).execute()).toEqual([]);
    const member = await db.selectFrom('users').select('referrer').where('id', '=', memberId).executeTakeFirstOrThrow();
    expect(member.referrer).toBe('newsletter');
  });

  it('lets exactly one of many concurrent merges of the same guest do the work', async () => {
    const guestClient = server.client();
    const guestId = (await guestClient.post('/api/user/ContinueAsGuest', {})).body.id as string;
    await addAssessment(guestId);
    await addAssessment(guestId);
    const member = await signIn(server, server.client());
    const memberId = member.response.body.user.id as string;
    const results = await Promise.all(Array.from({ length: 6 }, () => mergeGuestIntoMember(server.database.db, guestId, memberId)));
    expect(results.filter((r) => r.merged)).toEqual([{ merged: true, assessmentsMoved: 2 }]);
    const count = await server.database.db.selectFrom('assessments').select('id').where('user_id', '=', memberId).execute();
    expect(count).toHaveLength(2);
  });
});

describe('guest merge: research choice and referrer', () => {
  async function guestWhoOptedIn() {
    const client = server.client();
    const guestId = (await client.post('/api/user/ContinueAsGuest', { referrer: 'flyer' })).body.id as string;
    const db = server.database.db;
    await db.updateTable('users').set({ research_opt_in: 1 }).where('id', '=', guestId).execute();
    await server.database.sessionCache?.caughtUp(); // PostgreSQL: the change reaches the session cache by NOTIFY (decision 0035)
    await db.insertInto('consents').values({ id: newId(), user_id: guestId, kind: 'research', subject_id: null, granted_at: new Date().toISOString(), revoked_at: null }).execute();
    await addAssessment(guestId);
    return guestId;
  }
  const userRow = (id: string) => server.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const consentOwners = async (guestId: string, memberId: string) =>
    (await server.database.db.selectFrom('consents').select('user_id').where('user_id', 'in', [guestId, memberId]).execute()).map((row) => row.user_id);

  it('a member without assessments takes the guest’s research choice and its consent record', async () => {
    const guestId = await guestWhoOptedIn();
    const memberId = (await signIn(server, server.client())).response.body.user.id as string;
    expect(await mergeGuestIntoMember(server.database.db, guestId, memberId)).toEqual({ merged: true, assessmentsMoved: 1 });
    const member = await userRow(memberId);
    expect(member.research_opt_in).toBe(1);
    expect(member.referrer).toBe('flyer');
    expect(await consentOwners(guestId, memberId)).toEqual([memberId]);
  });

  it('the research permission a guest gave says "by you" to the member it became, given and withdrawn', async () => {
    const client = server.client();
    await client.post('/api/user/ContinueAsGuest', {});
    await client.post('/api/user/CreateNewAssessment/Rapid');
    expect((await client.post('/api/user/SaveResearchOptIn/true')).status).toBe(200);
    expect((await client.post('/api/user/SaveResearchOptIn/false')).status).toBe(200);
    expect((await client.post('/api/user/SaveResearchOptIn/true')).status).toBe(200);
    const { code, state } = await authorizeAtProvider(server, client, 'end', newPerson());
    const memberId = (await callback(client, 'end', code, state)).body.user.id as string;
    const consents = (await client.get('/api/user/GetMyConsents')).body as { grantedBy: { id: string; isYou: boolean }; revokedBy: { id: string; isYou: boolean } | null }[];
    expect(consents).toHaveLength(2);
    for (const consent of consents) {
      expect(consent.grantedBy).toMatchObject({ id: memberId, isYou: true });
      if (consent.revokedBy) expect(consent.revokedBy).toMatchObject({ id: memberId, isYou: true });
    }
    expect(consents.filter((consent) => consent.revokedBy)).toHaveLength(1);
  });

  it('a member whose only history is a research choice keeps it, and its log agrees with the flag', async () => {
    const guestId = await guestWhoOptedIn();
    const member = server.client();
    const memberId = (await signIn(server, member)).response.body.user.id as string;
    // The member said yes, then no: their own choice, on record, without an assessment.
    expect((await member.post('/api/user/SaveResearchOptIn/true')).status).toBe(200);
    expect((await member.post('/api/user/SaveResearchOptIn/false')).status).toBe(200);
    expect(await mergeGuestIntoMember(server.database.db, guestId, memberId)).toEqual({ merged: true, assessmentsMoved: 1 });
    expect((await userRow(memberId)).research_opt_in).toBe(0);
    const open = await server.database.db.selectFrom('consents').select('id').where('user_id', '=', memberId).where('kind', '=', 'research').where('revoked_at', 'is', null).execute();
    expect(open).toEqual([]);
    expect(await consentOwners(guestId, memberId)).toContain(guestId);
  });

  it('a member with history keeps their own choice and referrer; the guest’s consent log stays on the guest', async () => {
    const guestId = await guestWhoOptedIn();
    const memberId = (await signIn(server, server.client())).response.body.user.id as string;
    await addAssessment(memberId);
    await server.database.db.updateTable('users').set({ referrer: 'coach-jane' }).where('id', '=', memberId).execute();
    await server.database.sessionCache?.caughtUp(); // PostgreSQL: the change reaches the session cache by NOTIFY (decision 0035)
    expect(await mergeGuestIntoMember(server.database.db, guestId, memberId)).toEqual({ merged: true, assessmentsMoved: 1 });
    const member = await userRow(memberId);
    expect(member.research_opt_in).toBe(0);
    expect(member.referrer).toBe('coach-jane');
    expect(await consentOwners(guestId, memberId)).toEqual([guestId]);
  });
});

describe('embedded provider pages', () => {
  it('publishes discovery metadata for the issuer on APP_ORIGIN', async () => {
    const response = await server.client().get('/idp/.well-known/openid-configuration');
    expect(response.status).toBe(200);
    expect(response.body.issuer).toBe('http://127.0.0.1/idp');
    expect(response.body.authorization_endpoint).toBe('http://127.0.0.1/idp/auth');
    expect(response.body.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('serves an accessible log-in page with the stylesheet and no scripts', async () => {
    const client = server.client();
    const { page } = await openProviderLogin(server, client, await getLoginUrl(client, 'beginning'));
    expect(page).toContain('<html lang="en">');
    // The web app's header: the lotus mark and the serif wordmark, leading home (issue 25 part 6).
    expect(page).toMatch(/<a class="brand" href="\/" aria-label="Bloom home"><img class="mark" src="\/images\/bloom-lotus.svg" alt=""[^>]*><span class="wordmark">Bloom<\/span><\/a>/);
    expect(page).toContain('<h1>Log in to Bloom</h1>');
    expect(page).toMatch(/<label for="email">E-mail address<\/label>/);
    expect(page).toMatch(/id="email"[^>]*autocomplete="username"[^>]*autofocus/);
    expect(page).toMatch(/id="password"[^>]*autocomplete="current-password"/);
    expect(page).not.toContain('<script');
    expect(page).not.toContain('style=');
    const css = await client.get('/idp/assets/bloom.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('explains sign-up mistakes next to each field, focuses the first, and escapes what was typed', async () => {
    const client = server.client();
    const { interactionPath } = await openProviderLogin(server, client, await getLoginUrl(client, 'beginning'));
    const signup = await client.get(onServer(server, `${interactionPath}/signup`));
    expect(signup.text).toMatch(/autocomplete="new-password"/);
    const response = await postForm(server, client, formAction(signup.text), {
      firstName: '<script>alert(1)</script>',
      lastName: '',
      email: 'not-an-email',
      password: 'aaaaaaaaaaaa',
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(response.text).not.toContain('<script>alert(1)');
    expect(response.text).toMatch(/id="firstName"[^>]*aria-describedby="firstName-error"[^>]*aria-invalid="true"[^>]*autofocus/);
    expect(response.text).toMatch(/id="lastName"[^>]*aria-invalid="true">/);
    expect(response.text).toContain('Error: Your first name contains characters that are not allowed.');
    expect(response.text).toContain('Error: Enter your last name.');
    expect(response.text).toContain('Error: Enter an e-mail address like name@example.com.');
    expect(response.text).toContain('Error: Use more than one kind of character.');
    const emailAsPassword = await postForm(server, client, formAction(signup.text), { firstName: 'A', lastName: 'B', email: 'same@bloom.test', password: 'same@bloom.test' });
    expect(emailAsPassword.text).toContain('Error: Your password must not be your e-mail address.');
    const short = await postForm(server, client, formAction(signup.text), { firstName: 'A', lastName: 'B', email: 'short@bloom.test', password: 'abc123' });
    expect(short.text).toContain('Error: Use at least 10 characters.');
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const person = newPerson();
    await signIn(server, server.client(), { person });
    const client = server.client();
    const { interactionPath } = await openProviderLogin(server, client, await getLoginUrl(client, 'beginning'));
    const signup = await client.get(onServer(server, `${interactionPath}/signup`));
    const response = await postForm(server, client, formAction(signup.text), { ...person, email: person.email.toUpperCase() });
    expect(response.status).toBe(409);
    expect(response.text).toContain('An account with this e-mail address already exists.');
  });

  it('answers a wrong password on the form, focusing the password field', async () => {
    const person = newPerson();
    await signIn(server, server.client(), { person });
    const client = server.client();
    const { page } = await openProviderLogin(server, client, await getLoginUrl(client, 'beginning'));
    const response = await postForm(server, client, formAction(page), { email: person.email, password: 'not the password' });
    expect(response.status).toBe(401);
    expect(response.text).toContain('The e-mail address or password is not right.');
    expect(response.text).toMatch(/id="password"[^>]*aria-invalid="true"[^>]*autofocus/);
    expect(response.text).toContain(`value="${person.email}"`);
  });

  it('refuses form posts from another site or without the interaction cookie', async () => {
    const client = server.client();
    const { page } = await openProviderLogin(server, client, await getLoginUrl(client, 'beginning'));
    const action = formAction(page);
    const crossSite = await postForm(server, client, action, { email: 'a@b.co', password: 'whatever123' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const nullOriginOldBrowser = await postForm(server, client, action, { email: 'a@b.co', password: 'whatever123' }, { origin: 'null', 'sec-fetch-site': '' });
    expect(nullOriginOldBrowser.status).toBe(403);
    // Chromium sends `Origin: null` on same-origin form posts under some referrer policies; Sec-Fetch-Site decides then.
    const chromiumNullOrigin = await postForm(server, client, action, { email: 'a@b.co', password: 'whatever123' }, { origin: 'null' });
    expect(chromiumNullOrigin.status).toBe(401);
    expect(chromiumNullOrigin.headers.get('referrer-policy')).toBe('same-origin');
    const stranger = await postForm(server, server.client(), action, { email: 'a@b.co', password: 'whatever123' });
    expect(stranger.status).toBe(400);
    expect(stranger.text).toContain('This sign-in page has expired');
  });

  it('keeps provider state in the database (sessions, interactions, codes)', async () => {
    await signIn(server, server.client());
    const models = await server.database.db.selectFrom('oidc_store').select('model').distinct().execute();
    expect(models.map((m) => m.model)).toEqual(expect.arrayContaining(['Interaction', 'Session', 'AuthorizationCode', 'Grant']));
    const secrets = await server.database.db.selectFrom('app_secrets').select('name').execute();
    expect(secrets.map((s) => s.name).sort()).toEqual(['idp.client_secret.bloom-web', 'idp.cookie_keys', 'idp.known_browser_key', 'idp.signing_key']);
  });

  it('hashes passwords with argon2id', async () => {
    const person = newPerson();
    await signIn(server, server.client(), { person });
    const account = await server.database.db.selectFrom('identity_accounts').selectAll().where('email', '=', person.email).executeTakeFirstOrThrow();
    expect(account.password_hash).toMatch(/^\$argon2id\$/);
    expect(account.password_hash).not.toContain(person.password);
  });
});
