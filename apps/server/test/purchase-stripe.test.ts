import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { vetCoach } from '../src/coaching/vetting';
import { AppError } from '../src/http/errors';
import { newId, newToken, sha256 } from '../src/lib/crypto';
import { createStripeClient, StripePaymentProvider } from '../src/payments/stripe';
import { signInAs, startTestServer, type TestServer } from './harness';
import { insertPurchase, memberWithAssessment, type Member } from './reports-fixtures';
import { CHECKOUT_HOST, startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_bloom_secret';
const SUPPORT = 'help@bloom.test';
const signer = new Stripe('sk_test_signer_only');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ STRIPE_SECRET_KEY: 'sk_test_bloom', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, SUPPORT_EMAIL: SUPPORT });
});
afterAll(async () => {
  await server?.close();
});

/** A Stripe checkout that GetPurchaseUrl would have created (inserted directly: no network in tests). */
const stripeCheckout = (member: Member, amountCents = 999) => insertPurchase(server, member, { provider: 'stripe', status: 'pending', amountCents });

function checkoutEvent(ref: string, overrides: Record<string, unknown> = {}, type = 'checkout.session.completed') {
  return JSON.stringify({
    id: `evt_${newId().replace(/-/g, '')}`,
    object: 'event',
    type,
    data: { object: { id: ref, object: 'checkout.session', payment_status: 'paid', amount_total: 999, currency: 'usd', ...overrides } },
  });
}

function deliver(payload: string, options: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
  const signature =
    options.signature === undefined
      ? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp })
      : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (signature !== null) headers['stripe-signature'] = signature;
  // Webhooks come from Stripe's servers: no CSRF header, no cookie.
  return server.client().request('POST', '/api/payments/stripe/webhook', { body: payload, headers, csrf: false });
}

const statusOf = async (ref: string) =>
  (await server.database.db.selectFrom('purchases').select(['status', 'fulfilled_at']).where('provider_ref', '=', ref).executeTakeFirstOrThrow());

describe('the Stripe webhook', () => {
  it('fulfils a paid checkout and unlocks the plan', async () => {
    const member = await memberWithAssessment(server);
    const ref = await stripeCheckout(member);
    expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(403);
    const response = await deliver(checkoutEvent(ref));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true, outcome: 'fulfilled' });
    expect((await statusOf(ref)).status).toBe('fulfilled');
    expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(200);
  });

  it('fulfils a duplicated delivery once', async () => {
    const member = await memberWithAssessment(server);
    const ref = await stripeCheckout(member);
    const payload = checkoutEvent(ref);
    expect((await deliver(payload)).body.outcome).toBe('fulfilled');
    const first = await statusOf(ref);
    expect((await deliver(payload)).body.outcome).toBe('already_fulfilled');
    expect((await deliver(payload)).body.outcome).toBe('already_fulfilled');
    expect(await statusOf(ref)).toEqual(first);
  });

  it('fulfils concurrent duplicate deliveries once', async () => {
    const member = await memberWithAssessment(server);
    const ref = await stripeCheckout(member);
    const payload = checkoutEvent(ref);
    const responses = await Promise.all(Array.from({ length: 8 }, () => deliver(payload)));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    const outcomes = responses.map((r) => r.body.outcome);
    expect(outcomes.filter((o) => o === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_fulfilled')).toHaveLength(7);
  });

  it('refuses a bad, missing, foreign or stale signature with 400', async () => {
    const member = await memberWithAssessment(server);
    const ref = await stripeCheckout(member);
    const payload = checkoutEvent(ref);
    const cases = [
      deliver(payload, { signature: 't=1700000000,v1=deadbeef' }),
      deliver(payload, { signature: null }),
      deliver(payload, { secret: 'whsec_someone_else' }),
      deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.status).toBe(400);
      expect(response.body.error.code).toMatch(/bad_signature|bad_request/);
    }
    // A body changed after signing fails too.
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await deliver(payload.replace('"amount_total":999', '"amount_total":1'), { signature });
    expect(tampered.status).toBe(400);
    expect((await statusOf(ref)).status).toBe('pending');
  });

  it('accepts a delivery signed within the 300 s tolerance', async () => {
    const member = await memberWithAssessment(server);
    const ref = await stripeCheckout(member);
    const response = await deliver(checkoutEvent(ref), { timestamp: Math.floor(Date.now() / 1000) - 240 });
    expect(response.body.outcome).toBe('fulfilled');
  });

  it('does not fulfil a wrong amount or currency', async () => {
    const member = await memberWithAssessment(server);
    const ref = await stripeCheckout(member);
    expect((await deliver(checkoutEvent(ref, { amount_total: 1 }))).body.outcome).toBe('mismatch');
    expect((await deliver(checkoutEvent(ref, { currency: 'eur' }))).body.outcome).toBe('mismatch');
    expect((await statusOf(ref)).status).toBe('pending');
    expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(403);
  });

  it('waits for delayed payment methods', async () => {
    const member = await memberWithAssessment(server);
    const ref = await stripeCheckout(member);
    expect((await deliver(checkoutEvent(ref, { payment_status: 'unpaid' }))).body.outcome).toBe('not_paid');
    expect((await statusOf(ref)).status).toBe('pending');
    const later = await deliver(checkoutEvent(ref, {}, 'checkout.session.async_payment_succeeded'));
    expect(later.body.outcome).toBe('fulfilled');
  });

  it('cancels a checkout whose delayed payment failed, so that a new one can be opened', async () => {
    const member = await memberWithAssessment(server);
    const ref = await stripeCheckout(member);
    expect((await deliver(checkoutEvent(ref, { payment_status: 'unpaid' }))).body.outcome).toBe('not_paid');
    const failed = await deliver(checkoutEvent(ref, { status: 'complete', payment_status: 'unpaid' }, 'checkout.session.async_payment_failed'));
    expect(failed.body).toEqual({ received: true, outcome: 'cancelled' });
    expect((await statusOf(ref)).status).toBe('cancelled');
    // A duplicate delivery changes nothing.
    expect((await deliver(checkoutEvent(ref, { payment_status: 'unpaid' }, 'checkout.session.async_payment_failed'))).body.outcome).toBe('not_pending');
    expect((await deliver(checkoutEvent('cs_test_unknown', { payment_status: 'unpaid' }, 'checkout.session.async_payment_failed'))).body.outcome).toBe('unknown_checkout');
    expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(403);
  });

  it('acknowledges other events and unknown checkouts without changing anything', async () => {
    expect((await deliver(checkoutEvent('cs_test_unknown', {}, 'customer.created'))).body).toEqual({ received: true, outcome: 'ignored' });
    expect((await deliver(checkoutEvent('cs_test_unknown'))).body).toEqual({ received: true, outcome: 'unknown_checkout' });
  });

  it('does not fulfil a payment on a checkout whose account was erased (left pending by an erasure before that closed checkouts): refund_needed', async () => {
    const ref = `cs_test_${newId().replace(/-/g, '')}`;
    await server.database.db
      .insertInto('purchases')
      .values({ id: newId(), assessment_id: null, user_id: null, provider: 'stripe', provider_ref: ref, amount_cents: 999, currency: 'usd', status: 'pending', created_at: new Date().toISOString(), fulfilled_at: null })
      .execute();
    expect((await deliver(checkoutEvent(ref, { payment_status: 'unpaid' }))).body.outcome).toBe('not_paid');
    expect((await deliver(checkoutEvent(ref))).body).toEqual({ received: true, outcome: 'refund_needed' });
    // A duplicate delivery says the same, and the row never becomes a sale.
    expect((await deliver(checkoutEvent(ref, {}, 'checkout.session.async_payment_succeeded'))).body.outcome).toBe('refund_needed');
    expect(await statusOf(ref)).toEqual({ status: 'pending', fulfilled_at: null });
  });

  it('keeps the sandbox store closed while Stripe is the provider', async () => {
    const member = await memberWithAssessment(server);
    expect((await member.client.get('/api/purchase/sandbox/sbx_anything')).status).toBe(404);
    expect((await member.client.post('/api/purchase/sandbox/sbx_anything/pay')).status).toBe(404);
  });
});

/** A stand-in for api.stripe.com on loopback, so the real SDK's requests can be checked offline. */
describe('the Stripe provider against a local stand-in for the Stripe API', () => {
  let fake: Server;
  let provider: StripePaymentProvider;
  const requests: { method: string; url: string; body: string }[] = [];
  let retrieveStatus = 'paid';
  let checkoutUrl = 'https://checkout.stripe.test/pay/cs_test_fake1';
  const checkoutRequest = {
    assessmentId: 'a-1',
    userId: 'u-1',
    amountCents: 999,
    currency: 'usd',
    successUrl: 'https://bloom.test/purchase-success-callback?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://bloom.test/purchase-failure-callback',
  };

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => resolve(body));
    });

  beforeAll(async () => {
    fake = createServer(async (request, response) => {
      const body = await readBody(request);
      requests.push({ method: request.method!, url: request.url!, body });
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        response.end(JSON.stringify({ id: 'cs_test_fake1', object: 'checkout.session', url: checkoutUrl }));
      } else if (request.method === 'GET' && request.url?.startsWith('/v1/checkout/sessions/cs_test_fake1')) {
        response.end(JSON.stringify({ id: 'cs_test_fake1', object: 'checkout.session', payment_status: retrieveStatus, amount_total: 999, currency: 'usd' }));
      } else if (request.url?.includes('cs_test_broken')) {
        response.statusCode = 500;
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong' } }));
      } else {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout session' } }));
      }
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    provider = new StripePaymentProvider(
      await createStripeClient('sk_test_fake', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
      'checkout.stripe.test',
    );
  });
  afterAll(async () => {
    await new Promise((resolve) => fake.close(resolve));
  });

  it('creates a one-item Checkout session with the price, return addresses and our references', async () => {
    const checkout = await provider.createCheckout(checkoutRequest);
    expect(checkout).toEqual({ providerRef: 'cs_test_fake1', redirectUrl: 'https://checkout.stripe.test/pay/cs_test_fake1' });
    const sent = new URLSearchParams(requests.at(-1)!.body);
    expect(sent.get('mode')).toBe('payment');
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('999');
    expect(sent.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent.get('line_items[0][quantity]')).toBe('1');
    expect(sent.get('success_url')).toBe('https://bloom.test/purchase-success-callback?session={CHECKOUT_SESSION_ID}');
    expect(sent.get('client_reference_id')).toBe('a-1');
    expect(sent.get('metadata[userId]')).toBe('u-1');
  });

  it('refuses a checkout address that is not Stripe\'s own HTTPS checkout page', async () => {
    try {
      for (const url of ['https://evil.test/pay/cs_test_fake1', 'http://checkout.stripe.test/pay/cs_test_fake1', 'https://user:pw@checkout.stripe.test/pay', 'javascript:alert(1)', '']) {
        checkoutUrl = url;
        await expect(provider.createCheckout(checkoutRequest)).rejects.toMatchObject({ statusCode: 502, code: 'payment_provider_unavailable' });
      }
    } finally {
      checkoutUrl = 'https://checkout.stripe.test/pay/cs_test_fake1';
    }
  });

  it('confirms by retrieving the session from Stripe', async () => {
    const confirmation = async () => {
      const { paid, amountCents, currency } = await provider.inspect('cs_test_fake1');
      return { paid, amountCents, currency };
    };
    retrieveStatus = 'paid';
    expect(await confirmation()).toEqual({ paid: true, amountCents: 999, currency: 'usd' });
    retrieveStatus = 'unpaid';
    expect((await confirmation()).paid).toBe(false);
  });

  it('turns provider failures into a 502 the browser can show', async () => {
    const error = await provider.inspect('cs_test_broken').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(502);
  });

  it('finds a session Stripe has no record of (404 resource_missing) closed, not a failure (decision 0066, amended)', async () => {
    expect(await provider.inspect('cs_test_missing')).toEqual({ paid: false, amountCents: 0, currency: '', redirectUrl: null, closed: true });
    await expect(provider.close('cs_test_missing')).resolves.toBeUndefined();
  });
});

/**
 * GetPurchaseUrl with Stripe as the provider: the server's real SDK talks to a stand-in for the
 * Stripe API on loopback that keeps its sessions (open → complete or expired), so a checkout
 * already open for the assessment is found, offered again, fulfilled or closed through the same
 * HTTP exchange as with Stripe.
 */
describe('GetPurchaseUrl against a local stand-in for the Stripe API', () => {
  let standIn: StripeStandIn;
  let sandboxOrStripe: TestServer['app']['payments'];

  beforeAll(async () => {
    // Stripe takes a moment to answer a create, so calls made at once overlap here as they do there.
    standIn = await startStripeStandIn({ mode: 'test', unknownSession: 'bare-404', createDelayMs: 40 });
    sandboxOrStripe = server.app.payments;
    server.app.payments = new StripePaymentProvider(await standIn.client('sk_test_bloom'), CHECKOUT_HOST);
  });
  afterAll(async () => {
    server.app.payments = sandboxOrStripe;
    await standIn?.close();
  });

  const purchaseUrl = (member: Member) => member.client.post<{ redirectUrl: string }>(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
  const rowsOf = (member: Member) =>
    server.database.db.selectFrom('purchases').select(['provider_ref', 'status', 'amount_cents']).where('assessment_id', '=', member.assessmentId).orderBy('created_at').orderBy('id').execute();
  const sessionsCreated = () => standIn.sessions.size;
  /** GetPurchaseUrl opens a new checkout: the failed one (`ref`) cancelled, the new one pending. */
  async function expectReplacedByANewCheckout(member: Member, ref: string): Promise<void> {
    const again = await purchaseUrl(member);
    expect(again.status).toBe(200);
    expect(again.body.redirectUrl).not.toBe(standIn.pageOf(ref));
    expect((await rowsOf(member)).map((row) => [row.provider_ref, row.status])).toEqual([
      [ref, 'cancelled'],
      [expect.stringMatching(/^cs_test_/), 'pending'],
    ]);
  }

  it('opens one session for calls made at once (a double click, two tabs), closes the others at Stripe, and offers it again while open', async () => {
    const member = await memberWithAssessment(server);
    const before = sessionsCreated();
    const answers = await Promise.all(Array.from({ length: 4 }, () => purchaseUrl(member)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const rows = await rowsOf(member);
    expect(rows).toEqual([{ provider_ref: expect.stringMatching(/^cs_test_/), status: 'pending', amount_cents: 999 }]);
    const ref = rows[0]!.provider_ref;
    for (const answer of answers) expect(answer.body.redirectUrl).toBe(standIn.pageOf(ref));
    // Sessions opened by the calls that lost the race were never shown to anyone, and cannot be paid now.
    const others = [...standIn.sessions.values()].slice(before).filter((session) => session.id !== ref);
    for (const session of others) expect(session.status).toBe('expired');

    expect((await purchaseUrl(member)).body.redirectUrl).toBe(standIn.pageOf(ref));
    expect(sessionsCreated()).toBe(before + 1 + others.length);
    expect(await rowsOf(member)).toHaveLength(1);
  });

  it('paid at Stripe before the webhook arrived: fulfils it and opens the plan instead of charging again', async () => {
    const member = await memberWithAssessment(server);
    const ref = new URL((await purchaseUrl(member)).body.redirectUrl).pathname.split('/').at(-1)!;
    Object.assign(standIn.sessions.get(ref)!, { status: 'complete', payment_status: 'paid' });
    const created = sessionsCreated();

    expect((await purchaseUrl(member)).body).toEqual({ redirectUrl: `/PositivityPlan/${member.assessmentId}` });
    expect(sessionsCreated()).toBe(created);
    expect(await rowsOf(member)).toEqual([{ provider_ref: ref, status: 'fulfilled', amount_cents: 999 }]);
    expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(200);
    expect((await deliver(checkoutEvent(ref))).body.outcome).toBe('already_fulfilled');
  });

  it('paid at Stripe with another amount: unlocks nothing and sells nothing more (409 payment_mismatch)', async () => {
    const member = await memberWithAssessment(server);
    const ref = new URL((await purchaseUrl(member)).body.redirectUrl).pathname.split('/').at(-1)!;
    Object.assign(standIn.sessions.get(ref)!, { status: 'complete', payment_status: 'paid', amount_total: 1 });
    const created = sessionsCreated();

    const refused = await purchaseUrl(member);
    expect(refused.status).toBe(409);
    const { error } = refused.body as unknown as { error: { code: string; message: string } };
    expect(error.code).toBe('payment_mismatch');
    // The words say where to write and which checkout to quote (decision 0072).
    expect(error.message).toContain(`Please write to ${SUPPORT}, quoting checkout reference ${ref}, so we can sort it out.`);
    expect(sessionsCreated()).toBe(created);
    expect(await rowsOf(member)).toEqual([{ provider_ref: ref, status: 'pending', amount_cents: 999 }]);
    expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(403);
  });

  it('replaces a session that expired at Stripe', async () => {
    const member = await memberWithAssessment(server);
    const first = (await purchaseUrl(member)).body.redirectUrl;
    const ref = new URL(first).pathname.split('/').at(-1)!;
    standIn.sessions.get(ref)!.status = 'expired';
    const second = (await purchaseUrl(member)).body.redirectUrl;
    expect(second).not.toBe(first);
    expect((await rowsOf(member)).map((row) => row.status)).toEqual(['cancelled', 'pending']);
  });

  it('expires a session at an older price at Stripe before opening one at today\'s', async () => {
    const member = await memberWithAssessment(server);
    const old = await stripeCheckout(member, 1299);
    standIn.sessions.set(old, { id: old, status: 'open', payment_status: 'unpaid', amount_total: 1299, currency: 'usd' });
    const answer = await purchaseUrl(member);
    expect(answer.body.redirectUrl).not.toBe(standIn.pageOf(old));
    expect(standIn.sessions.get(old)!.status).toBe('expired');
    expect((await rowsOf(member)).map((row) => [row.provider_ref, row.status, row.amount_cents])).toEqual([
      [old, 'cancelled', 1299],
      [expect.stringMatching(/^cs_test_/), 'pending', 999],
    ]);
  });

  it('opens no second session while a delayed payment is still on its way', async () => {
    const member = await memberWithAssessment(server);
    const ref = new URL((await purchaseUrl(member)).body.redirectUrl).pathname.split('/').at(-1)!;
    standIn.sessions.get(ref)!.status = 'complete';
    const created = sessionsCreated();
    const answer = await member.client.post(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('payment_processing');
    expect(sessionsCreated()).toBe(created);
    // The money arrives: the webhook fulfils, and asking again opens the plan.
    expect((await deliver(checkoutEvent(ref, {}, 'checkout.session.async_payment_succeeded'))).body.outcome).toBe('fulfilled');
    expect((await purchaseUrl(member)).body).toEqual({ redirectUrl: `/PositivityPlan/${member.assessmentId}` });
  });

  it('a delayed payment that failed (the webhook says so): the checkout is cancelled and a new one opened', async () => {
    const member = await memberWithAssessment(server);
    const ref = new URL((await purchaseUrl(member)).body.redirectUrl).pathname.split('/').at(-1)!;
    Object.assign(standIn.sessions.get(ref)!, { status: 'complete', payment_intent: 'processing' });
    expect((await deliver(checkoutEvent(ref, { payment_status: 'unpaid' }))).body.outcome).toBe('not_paid');
    expect((await member.client.post(`/api/user/GetPurchaseUrl/${member.assessmentId}`)).body.error.code).toBe('payment_processing');
    // The bank debit fails.
    standIn.sessions.get(ref)!.payment_intent = 'requires_payment_method';
    expect((await deliver(checkoutEvent(ref, { payment_status: 'unpaid' }, 'checkout.session.async_payment_failed'))).body.outcome).toBe('cancelled');

    await expectReplacedByANewCheckout(member, ref);
  });

  for (const intent of ['requires_payment_method', 'canceled'] as const) {
    it(`a delayed payment that failed (PaymentIntent ${intent}) with its webhook missed: the checkout is cancelled and a new one opened`, async () => {
      const member = await memberWithAssessment(server);
      const ref = new URL((await purchaseUrl(member)).body.redirectUrl).pathname.split('/').at(-1)!;
      Object.assign(standIn.sessions.get(ref)!, { status: 'complete', payment_intent: intent });
      await expectReplacedByANewCheckout(member, ref);
    });
  }

  describe('a checkout opened while the plan was for sale, once it no longer is', () => {
    const refOf = (url: string) => new URL(url).pathname.split('/').at(-1)!;
    async function coach({ vetted }: { vetted: boolean }) {
      const client = server.client();
      const { id } = await signInAs(server, client, { coachStatus: 'approved' });
      if (vetted) await vetCoach(server.database.db, id, id);
      return { client, coachId: id };
    }
    /**
     * A Professional assessment taken under a coach who is gone before releasing it (their account
     * erased, so the person has no coach): with no coach, its results and plan are the
     * person's to see and buy, and a new coach's review waits for it again. One taken before any
     * coach is the person's own and stays for sale (decision 0086; the test after these three).
     */
    async function memberWithFormerCoachsAssessment(): Promise<Member> {
      const former = await coach({ vetted: false });
      const member = await memberWithAssessment(server, { type: 'Professional', coachId: former.coachId });
      expect((await former.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);
      // On PostgreSQL the member's cached session learns of it by notice: wait for it to arrive.
      await server.database.sessionCache?.caughtUp();
      return member;
    }
    /** A Stripe session opened for the assessment before the rule that refuses it now (as GetPurchaseUrl stored it). */
    async function openSessionOf(member: Member): Promise<string> {
      const ref = await stripeCheckout(member);
      standIn.sessions.set(ref, { id: ref, status: 'open', payment_status: 'unpaid', amount_total: 999, currency: 'usd' });
      return ref;
    }

    it('is expired at Stripe and cancelled once the member chose a coach (AssignCoachToUser), so it cannot charge for a plan the coach includes', async () => {
      const { client: coachClient, coachId } = await coach({ vetted: true });
      const member = await memberWithFormerCoachsAssessment();
      const ref = refOf((await purchaseUrl(member)).body.redirectUrl);
      expect(standIn.sessions.get(ref)!.status).toBe('open');

      expect((await member.client.post(`/api/coach/AssignCoachToUser/${coachId}`)).status).toBe(200);
      // After the answer, outside the call's transaction and its row lock.
      await vi.waitFor(async () => {
        expect(standIn.sessions.get(ref)!.status).toBe('expired');
        expect((await statusOf(ref)).status).toBe('cancelled');
      });
      expect((await member.client.post(`/api/user/GetPurchaseUrl/${member.assessmentId}`)).body.error.code).toBe('pending_coach_approval');
      expect((await coachClient.post(`/api/user/SetClientAccessGranted/${member.assessmentId}`)).status).toBe(200);
      expect((await purchaseUrl(member)).body).toEqual({ redirectUrl: `/PositivityPlan/${member.assessmentId}` });
      expect((await rowsOf(member)).map((row) => row.status)).toEqual(['cancelled']);
    });

    // The other two ways to a coach (decision 0030), found by a review: they closed nothing.
    it('is expired at Stripe and cancelled once the member joined a coach\'s group (AssignGroupToUser)', async () => {
      const { client: coachClient } = await coach({ vetted: true });
      const organization = await coachClient.post(`/api/organization/AddNewOrganization/${encodeURIComponent('Acme Wellness')}`);
      expect(organization.status).toBe(201);
      const member = await memberWithFormerCoachsAssessment();
      const ref = refOf((await purchaseUrl(member)).body.redirectUrl);
      expect((await member.client.post(`/api/organization/AssignGroupToUser/${organization.body.groups[0].groupGuid}`)).status).toBe(200);
      await vi.waitFor(async () => {
        expect(standIn.sessions.get(ref)!.status).toBe('expired');
        expect((await statusOf(ref)).status).toBe('cancelled');
      });
    });

    it('is expired at Stripe and cancelled once the member accepted a coach\'s invitation (AcceptInvitation)', async () => {
      const { coachId } = await coach({ vetted: true });
      const member = await memberWithFormerCoachsAssessment();
      // The invitation as InviteClient stores it; its link's token is what the mail would carry.
      const token = newToken();
      const now = Date.now();
      await server.database.db
        .insertInto('coach_invitations')
        .values({ id: newId(), coach_id: coachId, token_hash: sha256(token), email: `invited.${newId()}@bloom.test`, first_name: 'Ivy', last_name: null, organization_id: null, group_id: null, created_at: new Date(now).toISOString(), sent_at: new Date(now).toISOString(), expires_at: new Date(now + 86_400_000).toISOString(), accepted_at: null, accepted_by: null })
        .execute();
      const ref = refOf((await purchaseUrl(member)).body.redirectUrl);
      const accepted = await member.client.post('/api/user/AcceptInvitation', { invite: token });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect((await server.database.db.selectFrom('users').select('coach_id').where('id', '=', member.userId).executeTakeFirstOrThrow()).coach_id).toBe(coachId);
      await vi.waitFor(async () => {
        expect(standIn.sessions.get(ref)!.status).toBe('expired');
        expect((await statusOf(ref)).status).toBe('cancelled');
      });
    });

    it('stays open once a member joins a vetted coach when the assessment is their own, taken before any coach (decision 0086): the plan is still for sale', async () => {
      const { client: coachClient, coachId } = await coach({ vetted: true });
      const member = await memberWithAssessment(server, { type: 'Professional' });
      const ref = refOf((await purchaseUrl(member)).body.redirectUrl);
      expect((await member.client.post(`/api/coach/AssignCoachToUser/${coachId}`)).status).toBe(200);
      // The closing after the call reads the state and finds the plan still for sale.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(standIn.sessions.get(ref)!.status).toBe('open');
      expect((await statusOf(ref)).status).toBe('pending');
      expect((await purchaseUrl(member)).body).toEqual({ redirectUrl: standIn.pageOf(ref) });
      // The coach's release includes the plan, and closes the checkout (as below).
      expect((await coachClient.post(`/api/user/SetClientAccessGranted/${member.assessmentId}`)).status).toBe(200);
      await vi.waitFor(async () => {
        expect(standIn.sessions.get(ref)!.status).toBe('expired');
        expect((await statusOf(ref)).status).toBe('cancelled');
      });
    });

    it('is expired at Stripe and cancelled once a vetted coach released the results (SetClientAccessGranted: the plan is included)', async () => {
      const { client: coachClient, coachId } = await coach({ vetted: true });
      const member = await memberWithAssessment(server, { type: 'Professional', coachId });
      const ref = await openSessionOf(member);
      expect((await coachClient.post(`/api/user/SetClientAccessGranted/${member.assessmentId}`)).status).toBe(200);
      await vi.waitFor(async () => {
        expect(standIn.sessions.get(ref)!.status).toBe('expired');
        expect((await statusOf(ref)).status).toBe('cancelled');
      });
      expect((await purchaseUrl(member)).body).toEqual({ redirectUrl: `/PositivityPlan/${member.assessmentId}` });
    });

    it('stays open when a coach no admin vetted released the results: the plan is still for sale', async () => {
      const { client: coachClient, coachId } = await coach({ vetted: false });
      const member = await memberWithAssessment(server, { type: 'Professional', coachId });
      const ref = await openSessionOf(member);
      expect((await coachClient.post(`/api/user/SetClientAccessGranted/${member.assessmentId}`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(standIn.sessions.get(ref)!.status).toBe('open');
      expect((await purchaseUrl(member)).body).toEqual({ redirectUrl: standIn.pageOf(ref) });
    });

    it('GetPurchaseUrl expires it at Stripe and cancels it while the results wait for the coach (403 pending_coach_approval)', async () => {
      const { coachId } = await coach({ vetted: true });
      const member = await memberWithAssessment(server, { type: 'Professional', coachId });
      const ref = await openSessionOf(member);
      const refused = await member.client.post(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('pending_coach_approval');
      expect(standIn.sessions.get(ref)!.status).toBe('expired');
      expect((await statusOf(ref)).status).toBe('cancelled');
    });

    it('GetPurchaseUrl expires it at Stripe and cancels it once the plan is unlocked (its coach vetted after it was opened)', async () => {
      const { client: coachClient, coachId } = await coach({ vetted: false });
      const member = await memberWithAssessment(server, { type: 'Professional', coachId });
      expect((await coachClient.post(`/api/user/SetClientAccessGranted/${member.assessmentId}`)).status).toBe(200);
      // Released by a coach no admin vetted: the plan is for sale, and a checkout is opened.
      const ref = refOf((await purchaseUrl(member)).body.redirectUrl);
      await vetCoach(server.database.db, coachId, coachId);
      expect((await purchaseUrl(member)).body).toEqual({ redirectUrl: `/PositivityPlan/${member.assessmentId}` });
      expect(standIn.sessions.get(ref)!.status).toBe('expired');
      expect((await statusOf(ref)).status).toBe('cancelled');
    });

    it('keeps a checkout Stripe will not expire (a bank debit on its way) pending, and still answers 403; the money, when it arrives, is fulfilled', async () => {
      const { coachId } = await coach({ vetted: true });
      const member = await memberWithAssessment(server, { type: 'Professional', coachId });
      const ref = await openSessionOf(member);
      Object.assign(standIn.sessions.get(ref)!, { status: 'complete', payment_intent: 'processing' });
      const refused = await member.client.post(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('pending_coach_approval');
      expect((await statusOf(ref)).status).toBe('pending');
      expect((await deliver(checkoutEvent(ref, {}, 'checkout.session.async_payment_succeeded'))).body.outcome).toBe('fulfilled');
    });
  });

  /**
   * A member with a checkout open in one tab deletes their account in another (concurrency review):
   * the checkout was left pending and open at Stripe, and paying it afterwards was fulfilled for a
   * plan that no longer existed, with nobody told.
   */
  describe('a checkout open when its account is erased (DeleteAccount)', () => {
    const refOf = (url: string) => new URL(url).pathname.split('/').at(-1)!;
    const deleteAccount = (member: Member) => member.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' });
    const receipts = () => server.database.db.selectFrom('mail_outbox').select('id').where('template', '=', 'plan-receipt').execute();

    it('is cancelled with the erasure and expired at Stripe after it; a payment that still arrives is not fulfilled but needs a refund', async () => {
      const member = await memberWithAssessment(server);
      const ref = refOf((await purchaseUrl(member)).body.redirectUrl);
      expect(standIn.sessions.get(ref)!.status).toBe('open');

      const deleted = await deleteAccount(member);
      expect(deleted.status).toBe(200);
      expect(deleted.headers.getSetCookie()[0]).toMatch(/^bloom_session=;/);
      // Cancelled in the erasure's transaction; expired at Stripe once it has committed.
      expect((await statusOf(ref)).status).toBe('cancelled');
      await vi.waitFor(() => expect(standIn.sessions.get(ref)!.status).toBe('expired'));

      // A payment made at that moment (the page was open in another tab) takes nothing for a plan no one has.
      const receiptsBefore = (await receipts()).length;
      expect((await deliver(checkoutEvent(ref))).body).toEqual({ received: true, outcome: 'refund_needed' });
      expect(await statusOf(ref)).toEqual({ status: 'cancelled', fulfilled_at: null });
      expect(await receipts()).toHaveLength(receiptsBefore);
      expect(
        await server.database.db.selectFrom('purchases').select(['user_id', 'assessment_id', 'time_zone']).where('provider_ref', '=', ref).executeTakeFirstOrThrow(),
      ).toEqual({ user_id: null, assessment_id: null, time_zone: null });
    });

    it('still erases the account when Stripe will not expire the session (a bank debit on its way); the money, when it arrives, needs a refund', async () => {
      const member = await memberWithAssessment(server);
      const ref = refOf((await purchaseUrl(member)).body.redirectUrl);
      Object.assign(standIn.sessions.get(ref)!, { status: 'complete', payment_intent: 'processing' });

      const deleted = await deleteAccount(member);
      expect(deleted.status).toBe(200);
      expect(await server.database.db.selectFrom('users').select('id').where('id', '=', member.userId).execute()).toEqual([]);
      expect((await statusOf(ref)).status).toBe('cancelled');
      // The expiry was tried (and refused: the session is not open), and changed nothing.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(standIn.sessions.get(ref)!.status).toBe('complete');

      expect((await deliver(checkoutEvent(ref, {}, 'checkout.session.async_payment_succeeded'))).body.outcome).toBe('refund_needed');
      expect((await statusOf(ref)).status).toBe('cancelled');
    });

    it('still erases the account when Stripe cannot be reached', async () => {
      const member = await memberWithAssessment(server);
      const ref = refOf((await purchaseUrl(member)).body.redirectUrl);
      // The stand-in no longer knows the session: every call about it fails.
      standIn.sessions.delete(ref);
      expect((await deleteAccount(member)).status).toBe(200);
      expect(await server.database.db.selectFrom('users').select('id').where('id', '=', member.userId).execute()).toEqual([]);
      expect((await statusOf(ref)).status).toBe('cancelled');
    });
  });

  it('still waits while the delayed payment\'s PaymentIntent is processing', async () => {
    const member = await memberWithAssessment(server);
    const ref = new URL((await purchaseUrl(member)).body.redirectUrl).pathname.split('/').at(-1)!;
    Object.assign(standIn.sessions.get(ref)!, { status: 'complete', payment_intent: 'processing' });
    const created = sessionsCreated();
    expect((await member.client.post(`/api/user/GetPurchaseUrl/${member.assessmentId}`)).body.error.code).toBe('payment_processing');
    expect(sessionsCreated()).toBe(created);
    expect((await rowsOf(member)).map((row) => row.status)).toEqual(['pending']);
  });

  /**
   * The return to the success address says what Stripe says, not "being processed" for every
   * answer short of an unlocked plan: only a completed checkout whose delayed payment is on its way
   * is processing; money that differs from the checkout is a mismatch (contact us); a checkout that
   * will not be paid (open, expired, or its debit failed) was not paid.
   */
  describe('PurchaseSuccessCallback: what the return page is told', () => {
    const callback = (member: Member, ref: string) => member.client.get(`/api/user/PurchaseSuccessCallback?session=${ref}`);
    const refOf = async (member: Member) => new URL((await purchaseUrl(member)).body.redirectUrl).pathname.split('/').at(-1)!;

    it('paid: unlocked, the plan opens', async () => {
      const member = await memberWithAssessment(server);
      const ref = await refOf(member);
      Object.assign(standIn.sessions.get(ref)!, { status: 'complete', payment_status: 'paid', payment_intent: 'succeeded' });
      expect((await callback(member, ref)).body).toEqual({ unlocked: true, status: 'unlocked', assessmentId: member.assessmentId, supportEmail: null });
      expect((await statusOf(ref)).status).toBe('fulfilled');
    });

    it('a completed checkout whose bank debit is on its way: processing, nothing unlocked, the checkout kept', async () => {
      const member = await memberWithAssessment(server);
      const ref = await refOf(member);
      Object.assign(standIn.sessions.get(ref)!, { status: 'complete', payment_intent: 'processing' });
      expect((await callback(member, ref)).body).toEqual({ unlocked: false, status: 'processing', assessmentId: member.assessmentId, supportEmail: null });
      expect((await statusOf(ref)).status).toBe('pending');
      expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(403);
    });

    it('paid with another amount: mismatch, nothing unlocked', async () => {
      const member = await memberWithAssessment(server);
      const ref = await refOf(member);
      Object.assign(standIn.sessions.get(ref)!, { status: 'complete', payment_status: 'paid', amount_total: 1, payment_intent: 'succeeded' });
      // Someone has to sort it out: the page is told where to write (decision 0072).
      expect((await callback(member, ref)).body).toEqual({ unlocked: false, status: 'mismatch', assessmentId: member.assessmentId, supportEmail: SUPPORT });
      expect((await statusOf(ref)).status).toBe('pending');
      expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(403);
    });

    for (const intent of ['requires_payment_method', 'canceled'] as const) {
      it(`a bank debit that failed (PaymentIntent ${intent}), its checkout closed: not paid`, async () => {
        const member = await memberWithAssessment(server);
        const ref = await refOf(member);
        Object.assign(standIn.sessions.get(ref)!, { status: 'complete', payment_intent: intent });
        expect((await callback(member, ref)).body).toEqual({ unlocked: false, status: 'not_paid', assessmentId: member.assessmentId, supportEmail: null });
        // The webhook's word comes too: the checkout is cancelled, and the callback still says not paid.
        expect((await deliver(checkoutEvent(ref, { status: 'complete', payment_status: 'unpaid' }, 'checkout.session.async_payment_failed'))).body.outcome).toBe('cancelled');
        expect((await callback(member, ref)).body.status).toBe('not_paid');
      });
    }

    it('a session still open or expired, unpaid (the success address opened without paying): not paid', async () => {
      const member = await memberWithAssessment(server);
      const ref = await refOf(member);
      expect((await callback(member, ref)).body).toEqual({ unlocked: false, status: 'not_paid', assessmentId: member.assessmentId, supportEmail: null });
      standIn.sessions.get(ref)!.status = 'expired';
      expect((await callback(member, ref)).body).toEqual({ unlocked: false, status: 'not_paid', assessmentId: member.assessmentId, supportEmail: null });
    });
  });
});
