import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { questionsForTrack } from '@bloom/domain';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { vetCoach } from '../src/coaching/vetting';
import { loadConfig } from '../src/config';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { newId } from '../src/lib/crypto';
import { unhonouredPurchasesWarning } from '../src/payments/live-mode';
import { StripePaymentProvider } from '../src/payments/stripe';
import { signInAs, startTestServer, type TestServer } from './harness';
import { insertPurchase, memberWithAssessment, STATED_LIFE_DATA, type Member } from './reports-fixtures';
import { CHECKOUT_HOST, startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in';

/**
 * A server selling for real (live Stripe keys) honours only live purchases (decision 0006,
 * amended): a plan "bought" in the sandbox store or in Stripe's test mode on the same database
 * before the switch stays locked, and a test-mode checkout left open is closed rather than asked
 * of Stripe (decision 0066, amended). The server's real SDK talks to a stand-in for the Stripe
 * API on loopback that keeps its sessions and, as Stripe does, answers 404 resource_missing for a
 * session it does not have (another mode, another account).
 */
const WEBHOOK_SECRET = 'whsec_live_bloom';
const signer = new Stripe('sk_test_signer_only');

let server: TestServer;
let standIn: StripeStandIn;

beforeAll(async () => {
  server = await startTestServer({ STRIPE_SECRET_KEY: 'sk_live_bloom', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  await server.app.mail.stop();
  standIn = await startStripeStandIn({ mode: 'live', unknownSession: 'resource_missing' });
  server.app.payments = new StripePaymentProvider(await standIn.client('sk_live_bloom'), CHECKOUT_HOST, 'live');
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

const token = () => newId().replace(/-/g, '');
const sandboxRef = () => `sbx_${token()}`;
const testRef = () => `cs_test_${token()}`;
const liveRef = () => `cs_live_${token()}`;

const rowsOf = (member: Member) =>
  server.database.db.selectFrom('purchases').select(['provider_ref', 'status']).where('assessment_id', '=', member.assessmentId).orderBy('created_at').orderBy('id').execute();
const purchaseUrl = (member: Member) => member.client.post<{ redirectUrl: string }>(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
const rapid = questionsForTrack('Rapid');
const oneAnswer = () => [{ questionGuid: rapid[0]!.questionGuid, response: 2, order: rapid[0]!.order }];

/** Everything that says whether the member's plan is open, and whether its answers are kept. */
async function whatTheMemberSees(member: Member) {
  const plan = await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`);
  const all = await member.client.get<Array<{ id: string; planUnlocked: boolean }>>('/api/user/GetAllAssessments');
  const one = await member.client.get<{ planUnlocked: boolean }>(`/api/user/GetAssessmentById/${member.assessmentId}`);
  const answer = await member.client.post('/api/user/SaveQuestionResponse', oneAnswer());
  const lifeData = await member.client.post('/api/user/SaveLifeData', { ...STATED_LIFE_DATA, age: 30 + Math.floor(Math.random() * 40) });
  return {
    plan: plan.status === 200 ? 200 : `${plan.status} ${plan.body.error.code}`,
    listed: all.body.find((row) => row.id === member.assessmentId)?.planUnlocked,
    byId: one.body.planUnlocked,
    answerSave: answer.status === 200 ? 200 : `${answer.status} ${answer.body.error.code}`,
    lifeDataSave: lifeData.status === 200 ? 200 : `${lifeData.status} ${lifeData.body.error.code}`,
  };
}
const LOCKED = { plan: '403 plan_locked', listed: false, byId: false, answerSave: 200, lifeDataSave: 200 };
const UNLOCKED = { plan: 200, listed: true, byId: true, answerSave: '409 answers_locked', lifeDataSave: '409 answers_locked' };

describe('a server with live Stripe keys honours only live purchases', () => {
  it('keeps a plan "bought" in the sandbox store locked: the plan, the dashboard, the assessment and its answers all say so, and GetPurchaseUrl sells it', async () => {
    const member = await memberWithAssessment(server);
    const ref = await insertPurchase(server, member, { provider: 'sandbox', ref: sandboxRef(), status: 'fulfilled' });
    expect(await whatTheMemberSees(member)).toEqual(LOCKED);
    const url = await purchaseUrl(member);
    expect(url.status).toBe(200);
    expect(url.body.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_live_/);
    // The export still lists the earlier purchase as history.
    const exported = await member.client.get<{ purchases: Array<{ provider: string; status: string }> }>('/api/user/ExportMyData');
    expect(exported.body.purchases.map((row) => [row.provider, row.status])).toEqual([
      ['sandbox', 'fulfilled'],
      ['stripe', 'pending'],
    ]);
    expect((await rowsOf(member))[0]).toEqual({ provider_ref: ref, status: 'fulfilled' });
  });

  it('keeps a plan bought with a Stripe test card (a cs_test_ checkout of PAYMENTS=stripe-test) locked', async () => {
    const member = await memberWithAssessment(server);
    await insertPurchase(server, member, { provider: 'stripe', ref: testRef(), status: 'fulfilled' });
    expect(await whatTheMemberSees(member)).toEqual(LOCKED);
    expect((await purchaseUrl(member)).body.redirectUrl).toMatch(/cs_live_/);
  });

  it('keeps a plan paid at the sandbox store, its return never come, locked (the sandbox endpoints are gone)', async () => {
    const member = await memberWithAssessment(server);
    const ref = await insertPurchase(server, member, { provider: 'sandbox', ref: sandboxRef(), status: 'paid' });
    expect((await member.client.post(`/api/purchase/sandbox/${ref}/pay`)).status).toBe(404);
    expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${ref}`)).status).toBe(404);
    expect(await whatTheMemberSees(member)).toEqual(LOCKED);
  });

  it('opens a plan bought live, and keeps its answers', async () => {
    const member = await memberWithAssessment(server);
    await insertPurchase(server, member, { provider: 'stripe', ref: liveRef(), status: 'fulfilled' });
    expect(await whatTheMemberSees(member)).toEqual(UNLOCKED);
    expect((await purchaseUrl(member)).body).toEqual({ redirectUrl: `/PositivityPlan/${member.assessmentId}` });
  });

  it('still opens a plan a vetted coach included: no purchase, nothing changed', async () => {
    const coachClient = server.client();
    const { id: coachId } = await signInAs(server, coachClient, { coachStatus: 'approved' });
    await vetCoach(server.database.db, coachId, coachId);
    const member = await memberWithAssessment(server, { type: 'Professional', coachId });
    expect((await coachClient.post(`/api/user/SetClientAccessGranted/${member.assessmentId}`)).status).toBe(200);
    const plan = await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`);
    expect(plan.status).toBe(200);
    expect((await purchaseUrl(member)).body).toEqual({ redirectUrl: `/PositivityPlan/${member.assessmentId}` });
  });

  it('never fulfils a test-mode checkout from the webhook (no receipt for what it does not honour)', async () => {
    const member = await memberWithAssessment(server);
    const ref = await insertPurchase(server, member, { provider: 'stripe', ref: testRef(), status: 'pending' });
    const payload = JSON.stringify({
      id: `evt_${token()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: ref, object: 'checkout.session', payment_status: 'paid', amount_total: 999, currency: 'usd' } },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const delivered = await server.client().request('POST', '/api/payments/stripe/webhook', { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, csrf: false });
    expect(delivered.body).toEqual({ received: true, outcome: 'other_mode' });
    expect((await rowsOf(member)).map((row) => row.status)).toEqual(['pending']);
    expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(403);
  });

  it('warns at start-up how many fulfilled purchases it no longer honours, naming no secret', async () => {
    const count = async () => Number(/^(\d+) /.exec((await unhonouredPurchasesWarning(server.database.db, server.config)) ?? '0 ')![1]);
    const before = await count();
    const member = await memberWithAssessment(server);
    await insertPurchase(server, member, { provider: 'sandbox', ref: sandboxRef(), status: 'fulfilled' });
    const other = await memberWithAssessment(server);
    await insertPurchase(server, other, { provider: 'stripe', ref: testRef(), status: 'fulfilled' });
    await insertPurchase(server, await memberWithAssessment(server), { provider: 'stripe', ref: liveRef(), status: 'fulfilled' });
    await insertPurchase(server, await memberWithAssessment(server), { provider: 'stripe', ref: testRef(), status: 'pending' });
    expect(await count()).toBe(before + 2);
    const warning = (await unhonouredPurchasesWarning(server.database.db, server.config))!;
    expect(warning).toMatch(/live Stripe keys/);
    expect(warning).not.toMatch(/sk_live|whsec|bloom_secret|sk_live_bloom/);
    // Nothing to say in the sandbox store or in test mode: every purchase is honoured there.
    expect(await unhonouredPurchasesWarning(server.database.db, { stripe: undefined })).toBeUndefined();
    expect(await unhonouredPurchasesWarning(server.database.db, { stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x' } })).toBeUndefined();
  });

  it('says it once when the server is ready (a database of the sandbox store started with live keys)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bloom-live-'));
    const database = openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await migrateToLatest(database.db);
      const now = new Date().toISOString();
      await database.db
        .insertInto('purchases')
        .values({ id: newId(), assessment_id: null, user_id: null, provider: 'sandbox', provider_ref: sandboxRef(), amount_cents: 999, currency: 'usd', status: 'fulfilled', created_at: now, fulfilled_at: now })
        .execute();
      const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', APP_ORIGIN: 'http://127.0.0.1', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
      const app = await buildApp({ config, database, webRoot: path.join(dataDir, 'no-web') });
      const warn = vi.spyOn(app.log, 'warn').mockImplementation(() => undefined);
      await app.ready();
      expect(warn.mock.calls.map(([message]) => message)).toEqual([expect.stringMatching(/^1 fulfilled purchase was made in the sandbox store or in Stripe's test mode; with live Stripe keys/)]);
      await app.close();
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a checkout of the other mode, or one Stripe does not have, is closed and a new one opened (decision 0066, amended)', () => {
  it('a Stripe test-mode checkout left open: cancelled without asking Stripe, and a live one opened', async () => {
    const member = await memberWithAssessment(server);
    const ref = await insertPurchase(server, member, { provider: 'stripe', ref: testRef(), status: 'pending' });
    const url = await purchaseUrl(member);
    expect(url.status, JSON.stringify(url.body)).toBe(200);
    expect(url.body.redirectUrl).toMatch(/cs_live_/);
    expect(standIn.asked).not.toContain(ref);
    expect(await rowsOf(member)).toEqual([
      { provider_ref: ref, status: 'cancelled' },
      { provider_ref: expect.stringMatching(/^cs_live_/), status: 'pending' },
    ]);
    // Its return page says it was not paid rather than failing.
    const callback = await member.client.get(`/api/user/PurchaseSuccessCallback?session=${ref}`);
    expect(callback.status).toBe(200);
    expect(callback.body).toMatchObject({ unlocked: false, status: 'not_paid' });
  });

  it('a live checkout Stripe has no record of (another account): 404 resource_missing, so cancelled and a new one opened', async () => {
    const member = await memberWithAssessment(server);
    const ref = await insertPurchase(server, member, { provider: 'stripe', ref: liveRef(), status: 'pending' });
    const url = await purchaseUrl(member);
    expect(url.status, JSON.stringify(url.body)).toBe(200);
    expect(standIn.asked).toContain(ref);
    expect((await rowsOf(member)).map((row) => [row.provider_ref, row.status])).toEqual([
      [ref, 'cancelled'],
      [expect.stringMatching(/^cs_live_/), 'pending'],
    ]);
  });

  it('other Stripe failures still answer 502 and keep the checkout pending', async () => {
    const member = await memberWithAssessment(server);
    const ref = await insertPurchase(server, member, { provider: 'stripe', ref: liveRef(), status: 'pending' });
    standIn.failing.add(ref);
    try {
      const url = await member.client.post(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
      expect(url.status).toBe(502);
      expect(url.body.error.code).toBe('payment_provider_unavailable');
      expect(await rowsOf(member)).toEqual([{ provider_ref: ref, status: 'pending' }]);
    } finally {
      standIn.failing.delete(ref);
    }
  });

  it('a live checkout under a test key is closed without asking Stripe too (the reverse switch)', async () => {
    const provider = new StripePaymentProvider(await standIn.client('sk_test_bloom'), CHECKOUT_HOST, 'test');
    const ref = liveRef();
    expect(await provider.inspect(ref)).toMatchObject({ paid: false, redirectUrl: null, closed: true });
    await expect(provider.close(ref)).resolves.toBeUndefined();
    expect(standIn.asked).not.toContain(ref);
  });

  it('closing a session Stripe does not have succeeds: there is nothing left there to pay', async () => {
    const provider = server.app.payments as StripePaymentProvider;
    const ref = liveRef();
    await expect(provider.close(ref)).resolves.toBeUndefined();
    expect(standIn.asked).toContain(ref);
  });
});
