import { currentUserSchema } from '@bloom/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { signIn } from './auth-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const referrerOf = async (userId: string) =>
  (await server.database.db.selectFrom('users').select('referrer').where('id', '=', userId).executeTakeFirstOrThrow()).referrer;

describe('GET /api/user/getCurrentUser', () => {
  it('answers 204 with no body when nobody is signed in', async () => {
    const response = await server.client().get('/api/user/getCurrentUser');
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a member with the contract shape', async () => {
    const client = server.client();
    const { person } = await signIn(server, client);
    const response = await client.get('/api/user/getCurrentUser');
    expect(response.status).toBe(200);
    const user = currentUserSchema.strict().parse(response.body);
    expect(user).toMatchObject({
      userName: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      coachGuid: null,
      researchOptIn: false,
      userRoles: ['Member'],
      lastVisitedRoute: null,
      coachPending: false,
      accessPreGranted: false,
    });
  });
});

describe('POST /api/user/ContinueAsGuest', () => {
  it('creates a guest with a session, then reuses it', async () => {
    const client = server.client();
    const response = await client.post('/api/user/ContinueAsGuest', { referrer: 'newsletter' });
    expect(response.status).toBe(200);
    const guest = currentUserSchema.strict().parse(response.body);
    expect(guest).toMatchObject({ userName: 'Guest', userRoles: [], firstName: null, lastName: null, researchOptIn: false });
    expect(client.cookies.get('bloom_session')).toBeTruthy();
    expect((await client.get('/api/user/getCurrentUser')).body).toEqual(guest);
    const again = await client.post('/api/user/ContinueAsGuest', { referrer: 'later' });
    expect(again.body.id).toBe(guest.id);
    expect(await referrerOf(guest.id)).toBe('newsletter');
  });

  it('accepts no body and a null referrer', async () => {
    expect((await server.client().post('/api/user/ContinueAsGuest')).status).toBe(200);
    expect((await server.client().post('/api/user/ContinueAsGuest', { referrer: null })).status).toBe(200);
  });

  it('refuses referrers that are not plain labels or http(s) URLs, and unknown fields', async () => {
    for (const referrer of ['javascript:alert(1)', 'data:text/html,x', '<b>x</b>', 'x'.repeat(501), 42]) {
      const response = await server.client().post('/api/user/ContinueAsGuest', { referrer });
      expect(response.status, String(referrer)).toBe(400);
      expect(response.body.error.message).toBeTruthy();
    }
    expect((await server.client().post('/api/user/ContinueAsGuest', { referrer: 'x', admin: true })).status).toBe(400);
  });

  it('writes the guest and its session all or nothing: a refused session leaves no guest row behind', async () => {
    const { db } = server.database;
    const guests = async () => Number((await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('is_guest', '=', 1).executeTakeFirstOrThrow()).n);
    // The session's insert fails after the user row's, as a full disk or a lost connection would.
    const refuse = server.database.dialect === 'postgres'
      ? [sql`create function refuse_session() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`, sql`create trigger refuse_session before insert on sessions for each row execute function refuse_session()`]
      : [sql`create trigger refuse_session before insert on sessions begin select raise(abort, 'refused by the test'); end`];
    const allow = server.database.dialect === 'postgres'
      ? [sql`drop trigger refuse_session on sessions`, sql`drop function refuse_session()`]
      : [sql`drop trigger refuse_session`];
    const before = await guests();
    for (const statement of refuse) await statement.execute(db);
    try {
      const client = server.client();
      expect((await client.post('/api/user/ContinueAsGuest', { referrer: 'newsletter' })).status).toBe(500);
      expect(client.cookies.get('bloom_session')).toBeUndefined();
      expect(await guests()).toBe(before);
    } finally {
      for (const statement of allow) await statement.execute(db);
    }
    expect((await server.client().post('/api/user/ContinueAsGuest')).status).toBe(200);
    expect(await guests()).toBe(before + 1);
  });

  it('keeps the sign-in role of a member who calls it', async () => {
    const client = server.client();
    await signIn(server, client);
    const response = await client.post('/api/user/ContinueAsGuest', {});
    expect(response.body.userRoles).toEqual(['Member']);
  });
});

describe('POST /api/user/SaveReferrer', () => {
  it('needs a session', async () => {
    const response = await server.client().post('/api/user/SaveReferrer?referrer=newsletter');
    expect(response.status).toBe(401);
  });

  it('stores a label or an http(s) URL once (first touch wins)', async () => {
    const client = server.client();
    const guest = await client.post('/api/user/ContinueAsGuest', {});
    const url = 'https://partner.example/page?utm_source=mail';
    const saved = await client.post(`/api/user/SaveReferrer?referrer=${encodeURIComponent(url)}`);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ok: true, referrer: url });
    const second = await client.post('/api/user/SaveReferrer?referrer=other');
    expect(second.body).toEqual({ ok: true, referrer: url });
    expect(await referrerOf(guest.body.id)).toBe(url);
  });

  it('refuses dangerous, empty and oversized referrers with 400', async () => {
    const client = server.client();
    await client.post('/api/user/ContinueAsGuest', {});
    for (const value of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'vbscript:x', '//evil.example', 'https://user:pw@x.example', '', 'x'.repeat(501)]) {
      const response = await client.post(`/api/user/SaveReferrer?referrer=${encodeURIComponent(value)}`);
      expect(response.status, value).toBe(400);
      expect(response.body.error.code).toBe('bad_request');
    }
    expect((await client.post('/api/user/SaveReferrer')).status).toBe(400);
  });

  it('is protected against cross-site requests', async () => {
    const client = server.client();
    await client.post('/api/user/ContinueAsGuest', {});
    const response = await client.request('POST', '/api/user/SaveReferrer?referrer=x', { csrf: false });
    expect(response.status).toBe(403);
  });
});
