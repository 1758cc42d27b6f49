import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestServer, type TestServer } from './harness';
import { memberWithAssessment, type Member } from './reports-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const purchasesOf = (assessmentId: string) =>
  server.database.db.selectFrom('purchases').selectAll().where('assessment_id', '=', assessmentId).execute();

async function startCheckout(member: Member): Promise<string> {
  const url = await member.client.post<{ redirectUrl: string }>(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
  expect(url.status).toBe(200);
  const target = new URL(url.body.redirectUrl, 'http://app.test');
  expect(target.pathname).toBe(`/Purchase/${member.assessmentId}`);
  return target.searchParams.get('session')!;
}

describe('prices', () => {
  it('answers the price in dollars and the pricing in cents', async () => {
    const visitor = server.client();
    const price = await visitor.get('/api/user/getPositivityPlanPrice');
    expect(price.status).toBe(200);
    expect(price.body).toBe(9.99);
    expect((await visitor.get('/api/user/GetPlanPricing')).body).toEqual({ priceCents: 999, promoPriceCents: null, currency: 'usd' });
  });

  it('charges the promotional price while one is configured', async () => {
    const promo = await startTestServer({ PLAN_PROMO_PRICE_CENTS: '499' });
    try {
      expect((await promo.client().get('/api/user/getPositivityPlanPrice')).body).toBe(4.99);
      expect((await promo.client().get('/api/user/GetPlanPricing')).body).toEqual({ priceCents: 999, promoPriceCents: 499, currency: 'usd' });
      const member = await memberWithAssessment(promo);
      const url = await member.client.post<{ redirectUrl: string }>(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
      const session = new URL(url.body.redirectUrl, 'http://x').searchParams.get('session');
      const details = await member.client.get(`/api/purchase/sandbox/${session}`);
      expect(details.body).toMatchObject({ amountCents: 499, regularPriceCents: 999, currency: 'usd' });
    } finally {
      await promo.close();
    }
  });
});

describe('the sandbox store', () => {
  it('unlocks the plan after checkout, Pay and the success callback', async () => {
    const member = await memberWithAssessment(server);
    const session = await startCheckout(member);
    expect(session).toMatch(/^sbx_[A-Za-z0-9_-]{40,}$/);

    const details = await member.client.get(`/api/purchase/sandbox/${session}`);
    expect(details.body).toEqual({
      session,
      assessmentId: member.assessmentId,
      status: 'pending',
      productName: 'Bloom Positivity Plan',
      amountCents: 999,
      regularPriceCents: 999,
      currency: 'usd',
    });
    expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(403);

    const paid = await member.client.post(`/api/purchase/sandbox/${session}/pay`);
    expect(paid.body).toEqual({ redirectUrl: `/purchase-success-callback?session=${session}` });
    // Paid at the store is not yet unlocked: only the confirmed callback fulfils.
    expect((await purchasesOf(member.assessmentId))[0]!.status).toBe('paid');

    const callback = await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`);
    expect(callback.status).toBe(200);
    expect(callback.body).toEqual({ unlocked: true, assessmentId: member.assessmentId });
    expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(200);
    const [row] = await purchasesOf(member.assessmentId);
    expect(row).toMatchObject({ status: 'fulfilled', provider: 'sandbox', amount_cents: 999, currency: 'usd', user_id: member.userId });
    expect(row!.fulfilled_at).not.toBeNull();

    // Calling back again changes nothing, and buying again goes straight to the plan.
    expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).body.unlocked).toBe(true);
    expect((await purchasesOf(member.assessmentId))[0]!.fulfilled_at).toBe(row!.fulfilled_at);
    const again = await member.client.post(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
    expect(again.body).toEqual({ redirectUrl: `/PositivityPlan/${member.assessmentId}` });
    expect(await purchasesOf(member.assessmentId)).toHaveLength(1);
  });

  it('treats a double Pay as one payment', async () => {
    const member = await memberWithAssessment(server);
    const session = await startCheckout(member);
    const [a, b] = await Promise.all([
      member.client.post(`/api/purchase/sandbox/${session}/pay`),
      member.client.post(`/api/purchase/sandbox/${session}/pay`),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).body.unlocked).toBe(true);
  });

  it('cancels a checkout on the failure callback and refuses to pay it afterwards', async () => {
    const member = await memberWithAssessment(server);
    const session = await startCheckout(member);
    const failure = await member.client.get(`/api/user/PurchaseFailureCallback?session=${session}`);
    expect(failure.body).toEqual({ cancelled: true, assessmentId: member.assessmentId });
    const pay = await member.client.post(`/api/purchase/sandbox/${session}/pay`);
    expect(pay.status).toBe(409);
    expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).body).toEqual({
      unlocked: false,
      assessmentId: member.assessmentId,
    });
    expect((await purchasesOf(member.assessmentId))[0]!.status).toBe('cancelled');
    // A failure callback without a checkout id (Stripe's cancel address) is fine too.
    expect((await member.client.get('/api/user/PurchaseFailureCallback')).body).toEqual({ cancelled: false, assessmentId: null });
  });

  it('never cancels a paid checkout', async () => {
    const member = await memberWithAssessment(server);
    const session = await startCheckout(member);
    await member.client.post(`/api/purchase/sandbox/${session}/pay`);
    expect((await member.client.get(`/api/user/PurchaseFailureCallback?session=${session}`)).body.cancelled).toBe(false);
    expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).body.unlocked).toBe(true);
  });
});

describe('forged success callbacks unlock nothing', () => {
  it('refuses an unknown, malformed or missing checkout id', async () => {
    const member = await memberWithAssessment(server);
    const unknown = await member.client.get('/api/user/PurchaseSuccessCallback?session=sbx_made_up_value');
    expect(unknown.status).toBe(404);
    expect((await member.client.get('/api/user/PurchaseSuccessCallback')).status).toBe(400);
    expect((await member.client.get('/api/user/PurchaseSuccessCallback?session=%3Cscript%3E')).status).toBe(400);
    expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${'a'.repeat(301)}`)).status).toBe(400);
    expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(403);
  });

  it('does not unlock a checkout that was never paid', async () => {
    const member = await memberWithAssessment(server);
    const session = await startCheckout(member);
    const callback = await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`);
    expect(callback.body).toEqual({ unlocked: false, assessmentId: member.assessmentId });
    expect((await purchasesOf(member.assessmentId))[0]!.status).toBe('pending');
    expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(403);
  });

  it('does not let anyone else pay, read or confirm your checkout', async () => {
    const victim = await memberWithAssessment(server);
    const session = await startCheckout(victim);
    const attacker = await memberWithAssessment(server);
    expect((await attacker.client.get(`/api/purchase/sandbox/${session}`)).status).toBe(404);
    expect((await attacker.client.post(`/api/purchase/sandbox/${session}/pay`)).status).toBe(404);
    expect((await purchasesOf(victim.assessmentId))[0]!.status).toBe('pending');

    await victim.client.post(`/api/purchase/sandbox/${session}/pay`);
    expect((await attacker.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).status).toBe(404);
    expect((await attacker.client.get(`/api/user/PurchaseFailureCallback?session=${session}`)).status).toBe(404);
    expect((await purchasesOf(victim.assessmentId))[0]!.status).toBe('paid');
    expect((await attacker.client.get(`/api/data/GetPositivityPlan/${attacker.assessmentId}`)).status).toBe(403);
  });

  it('does not move a purchase to another assessment', async () => {
    const member = await memberWithAssessment(server);
    const session = await startCheckout(member);
    await member.client.post(`/api/purchase/sandbox/${session}/pay`);
    const second = await member.client.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
    const callback = await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`);
    expect(callback.body).toEqual({ unlocked: true, assessmentId: member.assessmentId });
    expect((await member.client.get(`/api/user/GetAssessmentById/${second.body.id}`)).body.planUnlocked).toBe(false);
  });
});

describe('starting a checkout', () => {
  it('needs a member, the owner and a finished assessment', async () => {
    const guest = await memberWithAssessment(server, { guest: true });
    expect((await guest.client.post(`/api/user/GetPurchaseUrl/${guest.assessmentId}`)).status).toBe(401);
    expect((await server.client().post(`/api/user/GetPurchaseUrl/${guest.assessmentId}`)).status).toBe(401);

    const owner = await memberWithAssessment(server);
    const stranger = server.client();
    await signInAs(server, stranger);
    expect((await stranger.post(`/api/user/GetPurchaseUrl/${owner.assessmentId}`)).status).toBe(404);
    expect((await stranger.post('/api/user/GetPurchaseUrl/not-an-id')).status).toBe(404);

    const unfinished = await memberWithAssessment(server, { finish: false });
    const refused = await unfinished.client.post(`/api/user/GetPurchaseUrl/${unfinished.assessmentId}`);
    expect(refused.status).toBe(409);
    // The coverage rule (DESIGN.md §11) replaced "answer every question": no answers, no plan to sell.
    expect(refused.body.error.code).toBe('incomplete_assessment');
    expect(refused.body.error.message).toMatch(/does not have enough answers/);
  });

  it('is refused without the CSRF header', async () => {
    const member = await memberWithAssessment(server);
    const response = await member.client.request('POST', `/api/user/GetPurchaseUrl/${member.assessmentId}`, { csrf: false });
    expect(response.status).toBe(403);
    const pay = await member.client.request('POST', '/api/purchase/sandbox/sbx_x/pay', { csrf: false });
    expect(pay.status).toBe(403);
  });

  it('has no Stripe webhook while Stripe is not configured', async () => {
    const response = await server.client().request('POST', '/api/payments/stripe/webhook', {
      body: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      csrf: false,
    });
    expect(response.status).toBe(404);
  });
});
