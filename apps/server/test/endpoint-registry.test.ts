import { endpoints } from '@bloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointHandlers } from '../src/api/call';
import { endpointHandlers } from '../src/api/handlers/index';
import { isTransaction } from '../src/db/accelerator';
import type { Db } from '../src/db/handle';
import { coach, person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * The registry's chain around a handler (decision 0025), seen through the real server on this
 * run's database: a handler whose entry writes gets one transaction (undone whole when it
 * fails), a reading or outside-calling one gets the database itself, and the rate limit is
 * counted before and outside the transaction.
 */
const seen = new Map<string, boolean>();
const failAfterWriting = new Set<string>();

/** Each handler of the table, wrapped to note whether it ran in a transaction and, when asked, to fail after its work. */
function watched(): EndpointHandlers {
  const wrapped: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(endpointHandlers) as Array<[string, (call: { db: Db }) => Promise<unknown>]>) {
    wrapped[name] = async (call: { db: Db }) => {
      seen.set(name, isTransaction(call.db));
      const output = await handler(call);
      if (failAfterWriting.has(name)) throw new Error(`${name} failed after its writes (test)`);
      return output;
    };
  }
  return wrapped as unknown as EndpointHandlers;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { handlers: watched() });
});
afterAll(async () => {
  await server?.close();
});

describe('the endpoint registry', () => {
  /** A member who opted in to research (one open consent record) and the id of that record. */
  async function optedIn() {
    const member = await person(server);
    expect((await member.client.post('/api/user/SaveResearchOptIn/true')).status).toBe(200);
    const [consent] = await server.database.db.selectFrom('consents').select('id').where('user_id', '=', member.id).execute();
    return { member, consentId: consent!.id };
  }

  async function researchRecord(userId: string) {
    const user = await server.database.db.selectFrom('users').select('research_opt_in').where('id', '=', userId).executeTakeFirstOrThrow();
    const open = await server.database.db.selectFrom('consents').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    return { optIn: user.research_opt_in, open: open.length };
  }

  it('runs a writing entry in one transaction, and undoes all of it when the handler fails', async () => {
    const { member, consentId } = await optedIn();
    failAfterWriting.add('revokeConsent');
    const failed = await member.client.post(`/api/user/RevokeConsent/${consentId}`);
    failAfterWriting.delete('revokeConsent');
    expect(failed.status).toBe(500);
    expect(seen.get('revokeConsent')).toBe(true);
    // The flag and its record were both changed, and both undone.
    expect(await researchRecord(member.id)).toEqual({ optIn: 1, open: 1 });

    expect((await member.client.get('/api/user/GetLatestAssessment')).status).toBe(404);
    expect(seen.get('getLatestAssessment')).toBe(false);

    expect((await member.client.post(`/api/user/RevokeConsent/${consentId}`)).status).toBe(200);
    expect(await researchRecord(member.id)).toEqual({ optIn: 0, open: 0 });
  });

  it('keeps the caller signed in when an account deletion is undone: the cleared cookie goes only with a committed erasure (review of 2026-11-27)', async () => {
    const member = await person(server);
    failAfterWriting.add('deleteAccount');
    const failed = await member.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' });
    failAfterWriting.delete('deleteAccount');
    expect(failed.status).toBe(500);
    expect(failed.headers.get('set-cookie') ?? '').not.toMatch(/bloom_session/);
    expect(await server.database.db.selectFrom('users').select('id').where('id', '=', member.id).execute()).toHaveLength(1);

    // Still signed in, so trying again erases the account, and only then signs out.
    expect((await member.client.get('/api/user/getCurrentUser')).status).toBe(200);
    const retried = await member.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('set-cookie') ?? '').toMatch(/bloom_session=;/);
    expect(await server.database.db.selectFrom('users').select('id').where('id', '=', member.id).execute()).toHaveLength(0);
  });

  it('gives an entry that calls out to another service no transaction', async () => {
    const visitor = server.client();
    expect((await visitor.post('/api/auth/GetLoginUrlBeginning')).status).toBe(200);
    expect(seen.get('getLoginUrlBeginning')).toBe(false);
  });

  it('answers other callers while one call holds its transaction open', async () => {
    const { member, consentId } = await optedIn();
    const other = await person(server);
    failAfterWriting.add('revokeConsent');
    const [held, read] = await Promise.all([member.client.post(`/api/user/RevokeConsent/${consentId}`), other.client.get('/api/user/getCurrentUser')]);
    failAfterWriting.delete('revokeConsent');
    expect(held.status).toBe(500);
    expect(read.status).toBe(200);
    expect(await researchRecord(member.id)).toEqual({ optIn: 1, open: 1 });
  });

  it('gives a write that is all-or-nothing on its own no transaction (its entry\'s atomicAlone)', async () => {
    const member = await person(server);
    expect((await member.client.post('/api/user/SaveUserProgress', { route: '/Experiences' })).status).toBe(200);
    expect(seen.get('saveUserProgress')).toBe(false);
    const user = await server.database.db.selectFrom('users').select('last_visited_route').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(user.last_visited_route).toBe('/Experiences');
  });

  it('says how each write without the transaction stays all-or-nothing, and only on writing entries that call out to nothing', () => {
    const alone = Object.entries(endpoints).filter(([, entry]) => entry.atomicAlone !== null);
    expect(alone.map(([name]) => name).sort()).toEqual(['continueAsGuest', 'createNewAssessment', 'saveLifeData', 'saveQuestionResponse', 'saveResearchOptIn', 'saveUserProgress']);
    for (const [name, entry] of alone) {
      expect(entry.writes && entry.callsOut === null, name).toBe(true);
      expect(entry.atomicAlone!.length, name).toBeGreaterThan(10);
    }
  });

  it('counts the rate limit outside the transaction, so a failed call still counts', async () => {
    const casey = await coach(server);
    const key = `coach-invite:user:${casey.id}`;
    failAfterWriting.add('inviteClient');
    expect((await casey.client.post('/api/coach/InviteClient', { email: 'robin@bloom.test' })).status).toBe(500);
    failAfterWriting.delete('inviteClient');
    expect(seen.get('inviteClient')).toBe(true);
    const row = await server.database.db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst();
    expect(Number(row?.hits)).toBe(1);
    expect(await server.database.db.selectFrom('coach_invitations').select('id').where('coach_id', '=', casey.id).execute()).toEqual([]);
  });

  it('sets cache-control from the entry', async () => {
    const member = await person(server);
    expect((await member.client.get('/api/user/GetAllAssessments')).headers.get('cache-control')).toBe('private, no-store');
    expect((await member.client.get('/api/data/GetTestimonials')).headers.get('cache-control')).toBe('public, max-age=300');
    expect((await member.client.get('/api/user/getCurrentUser')).headers.get('cache-control')).toBe('no-store');
    // Answers are personal data: a journey page's questions come back with the saved answers in them.
    expect((await member.client.get('/api/data/GetModuleQuestions/Experiences')).headers.get('cache-control')).toBe('private, no-store');
  });

  it('has every read say how it may be cached, and only shared content may be kept by shared caches', () => {
    const reads = Object.entries(endpoints).filter(([, entry]) => entry.method === 'GET');
    expect(reads.filter(([, entry]) => entry.cache === null).map(([name]) => name)).toEqual([]);
    // 'public' is for content that is the same for everyone: answers, scores and client lists never are.
    const shared = reads.filter(([, entry]) => entry.cache === 'public').map(([name]) => name).sort();
    expect(shared).toEqual(['getLifeSituationsForm', 'getModuleByName', 'getModulesAndPetals', 'getPlanPricing', 'getPositivityPlanPrice', 'getSiteContent', 'getSiteLinks', 'getTestimonials']);
  });
});
