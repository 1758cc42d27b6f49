import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vetCoach } from '../src/coaching/vetting';
import { signIn } from './auth-helpers';
import { signInAs, startTestServer, type TestServer } from './harness';
import { answerEverything, insertPurchase, memberWithAssessment, type Member } from './reports-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Receipts are counted as queued (receiptsFor reads their values, which the dispatcher empties
  // once a message is sent, sometimes before a test looks); sending is mail.test.ts's.
  await server.app.mail.stop();
});
afterAll(async () => {
  await server?.close();
});

const purchasesOf = (assessmentId: string, on = server) =>
  on.database.db.selectFrom('purchases').selectAll().where('assessment_id', '=', assessmentId).orderBy('created_at').orderBy('id').execute();

/** The receipts queued for the plan of the member's assessment (each names it in its link). */
const receiptsFor = (member: Member) =>
  server.database.db.selectFrom('mail_outbox').select('id').where('template', '=', 'plan-receipt').where('data', 'like', `%${member.assessmentId}%`).execute();

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
    expect(callback.body).toEqual({ unlocked: true, status: 'unlocked', assessmentId: member.assessmentId, supportEmail: null });
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

  it('dates the receipt\'s assessment as the report does (when it was taken), not by its last answer', async () => {
    const member = await memberWithAssessment(server);
    // Started on March 5 and finished two days later through "Continue assessment".
    await server.database.db.updateTable('assessments').set({ created_at: '2026-03-05T15:00:00.000Z', completed_at: '2026-03-07T15:00:00.000Z' }).where('id', '=', member.assessmentId).execute();
    const session = await startCheckout(member);
    await member.client.post(`/api/purchase/sandbox/${session}/pay`);
    expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).body.unlocked).toBe(true);
    const receipt = await server.database.db.selectFrom('mail_outbox').select('data').where('template', '=', 'plan-receipt').where('data', 'like', `%${member.assessmentId}%`).executeTakeFirstOrThrow();
    // The spec's call carries no time zone: the receipt's dates are UTC's, and say so.
    expect(JSON.parse(receipt.data).assessmentDate).toBe('March 5, 2026 (UTC)');
    const report = await member.client.get(`/api/data/GetBloomProfileReport/${member.assessmentId}`);
    expect(report.body.assessmentDate).toBe('March 5, 2026');
  });

  it('dates the receipt in the buyer\'s time zone, as the plan page it links to does', async () => {
    const dayIn = (timeZone: string, at: Date) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone }).format(at);
    const receiptOf = async (member: Member, timeZone?: string) => {
      // Taken at 06:15 UTC on March 8: still the evening of March 7 in Los Angeles.
      await server.database.db.updateTable('assessments').set({ created_at: '2026-03-08T06:15:00.000Z' }).where('id', '=', member.assessmentId).execute();
      const query = timeZone === undefined ? '' : `?timeZone=${encodeURIComponent(timeZone)}`;
      const url = await member.client.post<{ redirectUrl: string }>(`/api/user/GetPurchaseUrl/${member.assessmentId}${query}`);
      expect(url.status, url.text).toBe(200);
      const session = new URL(url.body.redirectUrl, 'http://app.test').searchParams.get('session')!;
      await member.client.post(`/api/purchase/sandbox/${session}/pay`);
      expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).body.unlocked).toBe(true);
      const receipt = await server.database.db.selectFrom('mail_outbox').select('data').where('template', '=', 'plan-receipt').where('data', 'like', `%${member.assessmentId}%`).executeTakeFirstOrThrow();
      return JSON.parse(receipt.data) as Record<string, string>;
    };

    // The browser's zone (Intl's resolvedOptions) is carried by the checkout call and kept on the purchase.
    const west = await memberWithAssessment(server);
    const paid = await receiptOf(west, 'America/Los_Angeles');
    expect(paid.assessmentDate).toBe('March 7, 2026');
    expect(paid.purchaseDate).toBe(dayIn('America/Los_Angeles', new Date()));
    expect((await purchasesOf(west.assessmentId))[0]!.time_zone).toBe('America/Los_Angeles');
    // It is the buyer's: their data export shows it, and erasing the account takes it off the purchase kept for the books.
    const exported = await west.client.get<{ purchases: Array<{ timeZone: string | null }> }>('/api/user/ExportMyData');
    expect(exported.body.purchases.map((purchase) => purchase.timeZone)).toEqual(['America/Los_Angeles']);
    const purchaseId = (await purchasesOf(west.assessmentId))[0]!.id;
    expect((await west.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);
    expect(await server.database.db.selectFrom('purchases').select(['user_id', 'assessment_id', 'time_zone']).where('id', '=', purchaseId).executeTakeFirstOrThrow()).toEqual({
      user_id: null,
      assessment_id: null,
      time_zone: null,
    });

    // An alias a browser may report is kept under the name this server's Intl knows.
    const aliased = await memberWithAssessment(server);
    expect((await receiptOf(aliased, 'US/Pacific')).assessmentDate).toBe('March 7, 2026');
    expect((await purchasesOf(aliased.assessmentId))[0]!.time_zone).toBe('America/Los_Angeles');
    // A browser set to UTC sees UTC's day on the plan page: the receipt names it as that page does.
    const inUtc = await memberWithAssessment(server);
    expect((await receiptOf(inUtc, 'Etc/UTC')).assessmentDate).toBe('March 8, 2026');

    // No zone (the spec's call), or one that is no IANA zone: UTC's dates, labelled as such, and nothing refused.
    for (const timeZone of [undefined, 'Mars/Olympus_Mons', '+05:00', '']) {
      const member = await memberWithAssessment(server);
      const receipt = await receiptOf(member, timeZone);
      expect(receipt.assessmentDate, String(timeZone)).toBe('March 8, 2026 (UTC)');
      expect(receipt.purchaseDate, String(timeZone)).toBe(`${dayIn('UTC', new Date())} (UTC)`);
      expect((await purchasesOf(member.assessmentId))[0]!.time_zone, String(timeZone)).toBeNull();
    }

    // A value far longer than any zone's name is a malformed call.
    const long = await memberWithAssessment(server);
    expect((await long.client.post(`/api/user/GetPurchaseUrl/${long.assessmentId}?timeZone=${'A'.repeat(200)}`)).status).toBe(400);
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
    // Closed unpaid: the payment did not go through (the page offers the plan page to try again).
    expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).body).toEqual({
      unlocked: false,
      status: 'not_paid',
      assessmentId: member.assessmentId,
      supportEmail: null,
    });
    expect((await purchasesOf(member.assessmentId))[0]!.status).toBe('cancelled');
    // A failure callback without a checkout id (Stripe's cancel address) is fine too.
    expect((await member.client.get('/api/user/PurchaseFailureCallback')).body).toEqual({ cancelled: false, assessmentId: null });
  });

  it('cancels an open checkout when its account is erased, so nothing can be paid for a plan that no longer exists', async () => {
    const member = await memberWithAssessment(server);
    const session = await startCheckout(member);
    expect((await member.client.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);
    expect(await server.database.db.selectFrom('purchases').select(['status', 'user_id', 'assessment_id']).where('provider_ref', '=', session).executeTakeFirstOrThrow()).toEqual({
      status: 'cancelled',
      user_id: null,
      assessment_id: null,
    });
  });

  it('never cancels a paid checkout', async () => {
    const member = await memberWithAssessment(server);
    const session = await startCheckout(member);
    await member.client.post(`/api/purchase/sandbox/${session}/pay`);
    expect((await member.client.get(`/api/user/PurchaseFailureCallback?session=${session}`)).body.cancelled).toBe(false);
    expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).body.unlocked).toBe(true);
  });
});

describe('the receipt of a member who has not confirmed their address', () => {
  it('goes to the address they signed up with (DESIGN §12), and is forgotten with their account', async () => {
    // Signed up through Bloom's own provider; the confirmation link is never followed.
    const browser = server.client();
    const { person } = await signIn(server, browser);
    const account = await server.database.db.selectFrom('identity_accounts').select(['id', 'email', 'email_verified_at']).where('email', '=', person.email.toLowerCase()).executeTakeFirstOrThrow();
    expect(account.email_verified_at).toBeNull();
    const user = await server.database.db.selectFrom('users').select(['id', 'email']).where('subject', '=', account.id).executeTakeFirstOrThrow();
    expect(user.email).toBeNull();
    const created = await browser.post<{ id: string }>('/api/user/CreateNewAssessment/Rapid');
    expect(created.status).toBe(201);
    await answerEverything(browser);
    const member: Member = { client: browser, userId: user.id, assessmentId: created.body.id };

    const session = await startCheckout(member);
    await member.client.post(`/api/purchase/sandbox/${session}/pay`);
    expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).body.unlocked).toBe(true);
    const receipts = await server.database.db.selectFrom('mail_outbox').select(['recipient', 'data']).where('template', '=', 'plan-receipt').where('data', 'like', `%${member.assessmentId}%`).execute();
    expect(receipts.map((row) => row.recipient)).toEqual([account.email]);
    expect(JSON.parse(receipts[0]!.data)).toMatchObject({ amount: '$9.99', link: `/PositivityPlan/${member.assessmentId}` });
    // The person's data export lists it with the rest of their mail.
    const exported = await browser.get<{ mail: Array<{ template: string; to: string }> }>('/api/user/ExportMyData');
    expect(exported.body.mail.filter((mail) => mail.template === 'plan-receipt')).toEqual([expect.objectContaining({ to: account.email })]);

    // Erasure forgets it, with the provider's other mail about the account to that address.
    expect((await browser.post('/api/user/DeleteAccount', { confirm: 'DELETE' })).status).toBe(200);
    expect(await server.database.db.selectFrom('mail_outbox').select('id').where('recipient', '=', account.email).execute()).toEqual([]);
  });
});

describe('a checkout already open for the assessment (no way around payment, and never charge twice)', () => {
  it('is offered again instead of a second one', async () => {
    const member = await memberWithAssessment(server);
    const first = await startCheckout(member);
    expect(await startCheckout(member)).toBe(first);
    expect(await purchasesOf(member.assessmentId)).toHaveLength(1);
  });

  it('is one checkout for calls made at once (a double click, two tabs)', async () => {
    const member = await memberWithAssessment(server);
    const answers = await Promise.all(Array.from({ length: 6 }, () => member.client.post<{ redirectUrl: string }>(`/api/user/GetPurchaseUrl/${member.assessmentId}`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    const [row, ...others] = await purchasesOf(member.assessmentId);
    expect(others).toEqual([]);
    for (const answer of answers) expect(answer.body.redirectUrl).toBe(`/Purchase/${member.assessmentId}?session=${row!.provider_ref}`);
  });

  it('paid at the store but never called back (the tab closed): fulfilled when the plan is asked for again, not sold again', async () => {
    const member = await memberWithAssessment(server);
    const session = await startCheckout(member);
    expect((await member.client.post(`/api/purchase/sandbox/${session}/pay`)).status).toBe(200);

    const again = await member.client.post(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
    expect(again.body).toEqual({ redirectUrl: `/PositivityPlan/${member.assessmentId}` });
    const rows = await purchasesOf(member.assessmentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider_ref: session, status: 'fulfilled' });
    expect((await member.client.get(`/api/data/GetPositivityPlan/${member.assessmentId}`)).status).toBe(200);
    // The return arriving late changes nothing: one purchase, one receipt.
    expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).body.unlocked).toBe(true);
    expect(await receiptsFor(member)).toHaveLength(1);
  });

  it('closes an older checkout once another of the assessment is fulfilled, and its Pay then refuses with a message', async () => {
    const member = await memberWithAssessment(server);
    const session = await startCheckout(member);
    await member.client.post(`/api/purchase/sandbox/${session}/pay`);
    // A second store page, open in another tab from before one checkout per assessment was the rule.
    const older = await insertPurchase(server, member, { status: 'pending' });
    expect((await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`)).body.unlocked).toBe(true);

    expect((await member.client.get(`/api/purchase/sandbox/${older}`)).body.status).toBe('cancelled');
    const pay = await member.client.post(`/api/purchase/sandbox/${older}/pay`);
    expect(pay.status).toBe(409);
    expect(pay.body.error).toEqual({ code: 'plan_already_unlocked', message: expect.stringMatching(/already unlocked.*nothing was charged/i) });
    const rows = await purchasesOf(member.assessmentId);
    expect(rows.map((row) => [row.provider_ref, row.status])).toEqual([
      [older, 'cancelled'],
      [session, 'fulfilled'],
    ]);
    expect(await receiptsFor(member)).toHaveLength(1);
  });

  it('refuses Pay when the plan was unlocked some other way meanwhile (included by a coach an admin vetted later)', async () => {
    const coach = server.client();
    const { id: coachId } = await signInAs(server, coach, { coachStatus: 'approved' });
    const client = await memberWithAssessment(server, { type: 'Professional', coachId });
    expect((await coach.post(`/api/user/SetClientAccessGranted/${client.assessmentId}`)).status).toBe(200);
    const session = await startCheckout(client);
    await vetCoach(server.database.db, coachId, coachId);

    const pay = await client.client.post(`/api/purchase/sandbox/${session}/pay`);
    expect(pay.status).toBe(409);
    expect(pay.body.error.code).toBe('plan_already_unlocked');
    expect((await purchasesOf(client.assessmentId))[0]!.status).not.toBe('paid');
    expect((await client.client.post(`/api/user/GetPurchaseUrl/${client.assessmentId}`)).body).toEqual({ redirectUrl: `/PositivityPlan/${client.assessmentId}` });
  });

  it('is closed and replaced when the price has changed since it was opened', async () => {
    const promo = await startTestServer({ PLAN_PROMO_PRICE_CENTS: '499' });
    try {
      const member = await memberWithAssessment(promo);
      const before = await insertPurchase(promo, member, { status: 'pending', amountCents: 999 });
      const url = await member.client.post<{ redirectUrl: string }>(`/api/user/GetPurchaseUrl/${member.assessmentId}`);
      const session = new URL(url.body.redirectUrl, 'http://x').searchParams.get('session');
      expect(session).not.toBe(before);
      const rows = await purchasesOf(member.assessmentId, promo);
      expect(rows.map((row) => [row.provider_ref, row.status, row.amount_cents])).toEqual([
        [before, 'cancelled', 999],
        [session, 'pending', 499],
      ]);
      expect((await member.client.post(`/api/purchase/sandbox/${before}/pay`)).status).toBe(409);
    } finally {
      await promo.close();
    }
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

  it('does not unlock a checkout that was never paid, and says it was not paid (not "being processed")', async () => {
    const member = await memberWithAssessment(server);
    const session = await startCheckout(member);
    // The success address opened without paying: nothing is on its way, so the page must not say so.
    const callback = await member.client.get(`/api/user/PurchaseSuccessCallback?session=${session}`);
    expect(callback.body).toEqual({ unlocked: false, status: 'not_paid', assessmentId: member.assessmentId, supportEmail: null });
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
    expect(callback.body).toEqual({ unlocked: true, status: 'unlocked', assessmentId: member.assessmentId, supportEmail: null });
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

  it('sells no plan for Professional results still waiting for the coach\'s release', async () => {
    const coach = server.client();
    const { id: coachId } = await signInAs(server, coach, { coachStatus: 'approved' });
    await vetCoach(server.database.db, coachId, coachId);
    const client = await memberWithAssessment(server, { type: 'Professional', coachId });
    const refused = await client.client.post(`/api/user/GetPurchaseUrl/${client.assessmentId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('pending_coach_approval');
    expect(await purchasesOf(client.assessmentId)).toEqual([]);
    // The vetted coach's release includes the plan: nothing was there to buy.
    expect((await coach.post(`/api/user/SetClientAccessGranted/${client.assessmentId}`)).status).toBe(200);
    expect((await client.client.post(`/api/user/GetPurchaseUrl/${client.assessmentId}`)).body).toEqual({ redirectUrl: `/PositivityPlan/${client.assessmentId}` });
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
