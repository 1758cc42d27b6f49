/**
 * Pricing, checkout and fulfilment (spec 02 §2 "Upsell", "Purchase callbacks"; DESIGN.md §7;
 * docs/decisions/0006-payments.md). The browser never decides that something was paid:
 * the success callback and the Stripe webhook both take the provider's word only.
 */
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { requireOwnAssessment } from '../../assessments/access';
import { findAssessmentById, loadAnswers } from '../../assessments/repository';
import type { Db } from '../../db/handle';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { closeCheckoutsOfAssessment } from '../../payments/closing';
import { fulfilIfConfirmed, inspectAndFulfil } from '../../payments/fulfilment';
import { centsToDollars, chargeCents, planPricing, PLAN_CURRENCY } from '../../payments/pricing';
import { CHECKOUT_ID_PLACEHOLDER, type PaymentProvider } from '../../payments/provider';
import { cancelPendingPurchase, findPurchaseByRef, insertPendingPurchase, markSandboxPaid, openPurchasesOf, type PurchaseRow } from '../../payments/purchases';
import { knownTimeZone } from '../../payments/receipt';
import { sandboxSuccessPath } from '../../payments/sandbox';
import { confirmationOf, PLAN_PRODUCT_NAME, STRIPE_PAID_EVENTS, STRIPE_PAYMENT_FAILED_EVENT, StripePaymentProvider } from '../../payments/stripe';
import { awaitsCoachApproval, coverageOf, incompleteAssessment, isPlanUnlocked, pendingCoachApproval } from '../../reports/access';
import type { SessionContext } from '../../sessions/sessions';
import type { AppConfig } from '../../config';
import type { Call, Output } from '../call';

/** A checkout of the active provider that belongs to the caller; anything else is 404. */
async function ownPurchase(db: Db, provider: PaymentProvider, caller: SessionContext, ref: string): Promise<PurchaseRow> {
  const purchase = await findPurchaseByRef(db, provider.name, ref);
  if (!purchase || purchase.user_id !== caller.user.id) throw notFound('Checkout not found.');
  return purchase;
}

/** The sandbox store's checkouts exist only while it is the active provider. */
async function ownSandboxPurchase(db: Db, provider: PaymentProvider, caller: SessionContext, ref: string): Promise<PurchaseRow> {
  if (provider.name !== 'sandbox') throw notFound('Checkout not found.');
  return ownPurchase(db, provider, caller, ref);
}

async function unlockedFor(db: Db, config: AppConfig, caller: SessionContext, assessmentId: string | null): Promise<boolean> {
  if (!assessmentId) return false;
  const row = await findAssessmentById(db, assessmentId);
  return row !== undefined && (await isPlanUnlocked(db, config, row, caller.user));
}

/** Spec 02 §7: "a number", the price to pay today in dollars (the promotion when one runs). */
export async function getPositivityPlanPrice({ app }: Call<'getPositivityPlanPrice'>): Promise<Output<'getPositivityPlanPrice'>> {
  return centsToDollars(chargeCents(app.config));
}

/** The regular and promotional price, for the upsell's strike-through. */
export async function getPlanPricing({ app }: Call<'getPlanPricing'>): Promise<Output<'getPlanPricing'>> {
  return planPricing(app.config);
}

export async function getPurchaseUrl({ app, params, query, caller, db, request }: Call<'getPurchaseUrl'>): Promise<Output<'getPurchaseUrl'>> {
  const { config, payments } = app;
  const assessment = await requireOwnAssessment(db, caller, params.assessmentId);
  // Results still with the coach: a plan bought now would stay unreadable, and a vetted coach's
  // release would include it anyway. A checkout opened before (when no coach was chosen) is closed
  // at the provider too, so it cannot charge for what the coach may include.
  if (awaitsCoachApproval(assessment, caller.user)) {
    await closeCheckoutsOfAssessment(db, payments, caller.user.id, assessment.id, request.log);
    throw pendingCoachApproval();
  }
  // No plan, so nothing to sell, for an assessment without results (the coverage rule).
  const coverage = coverageOf(assessment, await loadAnswers(db, assessment.id));
  if (!coverage.hasResults) throw incompleteAssessment(coverage);
  const planPath = `/PositivityPlan/${encodeURIComponent(assessment.id)}`;
  // Nothing to buy twice: an unlocked plan (bought, free, or included by a coach) opens directly,
  // and a checkout still open for it (opened while the plan was for sale) is closed at the provider.
  if (await isPlanUnlocked(db, config, assessment, caller.user)) {
    await closeCheckoutsOfAssessment(db, payments, caller.user.id, assessment.id, request.log);
    return { redirectUrl: planPath };
  }

  const amountCents = chargeCents(config);
  // Two rounds: a call that lost the race to open a checkout (the unique index of migration 0016
  // refused its row) offers the winner's in the second. No transaction is held around the
  // provider's calls (decision 0066).
  for (let round = 0; round < 2; round += 1) {
    const open = await settleOpenCheckouts(db, payments, assessment.id, amountCents, config.supportEmail, request.log);
    if (open === 'unlocked') return { redirectUrl: planPath };
    if (open !== null) return { redirectUrl: open };
    const checkout = await payments.createCheckout({
      assessmentId: assessment.id,
      userId: caller.user.id,
      amountCents,
      currency: PLAN_CURRENCY,
      successUrl: `${config.appOrigin}/purchase-success-callback?session=${CHECKOUT_ID_PLACEHOLDER}`,
      cancelUrl: `${config.appOrigin}/purchase-failure-callback`,
    });
    const stored = await insertPendingPurchase(db, {
      assessmentId: assessment.id,
      userId: caller.user.id,
      provider: payments.name,
      providerRef: checkout.providerRef,
      amountCents,
      currency: PLAN_CURRENCY,
      // The receipt's dates are the plan page's: in the buyer's zone (a checkout offered again keeps its own).
      timeZone: knownTimeZone(query.timeZone),
    });
    if (stored) return { redirectUrl: checkout.redirectUrl };
    // Nobody was shown this checkout, so nobody can pay it; closing it is only tidiness.
    await payments.close(checkout.providerRef).catch((error: unknown) => request.log.warn({ err: error }, 'could not close a checkout that lost the race to open one'));
  }
  throw conflict('Another checkout for this plan was being opened at the same moment. Please try again.');
}

/** 409: Stripe took a payment by a delayed method (a bank debit) that has not arrived yet. */
const paymentProcessing = () =>
  new AppError(409, 'payment_processing', 'Your payment for this plan is still being processed. The plan unlocks as soon as it arrives.');

/**
 * 409: a payment for this assessment arrived with another amount or currency than its checkout.
 * A person has to sort it out, so the words name the support address and the checkout's
 * reference, which the provider's dashboard finds (decision 0072).
 */
const paymentMismatch = (supportEmail: string | undefined, checkoutRef: string) =>
  new AppError(
    409,
    'payment_mismatch',
    'A payment for this plan arrived that does not match its checkout, so the plan was not unlocked and no second payment is asked for. ' +
      (supportEmail
        ? `Please write to ${supportEmail}, quoting checkout reference ${checkoutRef}, so we can sort it out.`
        : 'Please contact us so we can sort it out.'),
  );

/** 409 from the store's Pay: the plan opened meanwhile (bought in another checkout, or included). */
const planAlreadyUnlocked = () =>
  new AppError(409, 'plan_already_unlocked', 'Your Positivity Plan for this assessment is already unlocked, so this checkout is closed and nothing was charged.');

/**
 * The assessment's checkouts that may hold the buyer's money or take it, asked of the provider
 * (never the browser), before another is opened: one paid is fulfilled ('unlocked'); one paid
 * with another amount or currency stops the sale (409 payment_mismatch); one still open at today's
 * price is offered again (its address); one that can no longer be paid is cancelled here too; one
 * at another price is closed at the provider first, so no older page takes a second payment.
 * null: none to offer, open a new one.
 */
async function settleOpenCheckouts(
  db: Db,
  payments: PaymentProvider,
  assessmentId: string,
  amountCents: number,
  supportEmail: string | undefined,
  log: FastifyBaseLogger,
): Promise<'unlocked' | string | null> {
  let reusable: string | null = null;
  for (const purchase of await openPurchasesOf(db, payments.name, assessmentId)) {
    const state = await payments.inspect(purchase.provider_ref);
    const outcome = await fulfilIfConfirmed(db, purchase, state);
    if (outcome === 'fulfilled' || outcome === 'already_fulfilled') return 'unlocked';
    if (outcome === 'mismatch') {
      // Money was taken, but not what the checkout asked for: never unlock on that, and never
      // sell the plan again on top of it. Someone has to look at it (refund or apply it).
      log.warn({ purchaseId: purchase.id }, 'paid amount or currency differs from the checkout; not fulfilled, no new checkout opened');
      throw paymentMismatch(supportEmail, purchase.provider_ref);
    } else if (state.redirectUrl !== null && purchase.status === 'pending') {
      if (reusable === null && purchase.amount_cents === amountCents && purchase.currency === PLAN_CURRENCY) {
        reusable = state.redirectUrl;
        continue;
      }
      await payments.close(purchase.provider_ref);
      await cancelPendingPurchase(db, purchase.id);
    } else if (state.closed) {
      await cancelPendingPurchase(db, purchase.id);
    } else {
      throw paymentProcessing();
    }
  }
  return reusable;
}

/**
 * The return to the success address: ask the provider, fulfil, and say what the page should tell
 * the buyer. The plan's state comes first (open however it was unlocked); short of that, only a
 * completed checkout whose delayed payment is on its way is `processing`; money that differs from
 * the checkout is `mismatch`; anything else was `not_paid` (the address opened without paying, a
 * checkout expired or closed, a delayed payment that failed), so the page offers to pay again.
 */
export async function purchaseSuccessCallback({ app, query, caller, db, request }: Call<'purchaseSuccessCallback'>): Promise<Output<'purchaseSuccessCallback'>> {
  const purchase = await ownPurchase(db, app.payments, caller, query.session);
  const outcome = await inspectAndFulfil(db, app.payments, purchase);
  if (outcome === 'mismatch') request.log.warn({ purchaseId: purchase.id }, 'paid amount or currency differs from the checkout; not fulfilled');
  const unlocked = await unlockedFor(db, app.config, caller, purchase.assessment_id);
  const status = unlocked ? 'unlocked' : outcome === 'mismatch' || outcome === 'processing' ? outcome : 'not_paid';
  // Only a mismatch needs a person, so only it carries the address to write to.
  const supportEmail = status === 'mismatch' ? (app.config.supportEmail ?? null) : null;
  return { unlocked, status, assessmentId: purchase.assessment_id, supportEmail };
}

/** The return from an abandoned checkout: a pending checkout is closed; paid ones are never touched. */
export async function purchaseFailureCallback({ app, query, caller, db }: Call<'purchaseFailureCallback'>): Promise<Output<'purchaseFailureCallback'>> {
  if (!query.session) return { cancelled: false, assessmentId: null };
  const purchase = await ownPurchase(db, app.payments, caller, query.session);
  return { cancelled: await cancelPendingPurchase(db, purchase.id), assessmentId: purchase.assessment_id };
}

export async function sandboxCheckout({ app, params, caller, db }: Call<'sandboxCheckout'>): Promise<Output<'sandboxCheckout'>> {
  const purchase = await ownSandboxPurchase(db, app.payments, caller, params.ref);
  return {
    session: purchase.provider_ref,
    assessmentId: purchase.assessment_id,
    status: purchase.status,
    productName: PLAN_PRODUCT_NAME,
    amountCents: purchase.amount_cents,
    regularPriceCents: app.config.planPriceCents,
    currency: purchase.currency,
  };
}

export async function sandboxPay({ app, params, caller, db }: Call<'sandboxPay'>): Promise<Output<'sandboxPay'>> {
  const purchase = await ownSandboxPurchase(db, app.payments, caller, params.ref);
  if (purchase.status === 'pending' || purchase.status === 'cancelled') {
    // An older store page (another tab, or one closed when another checkout was fulfilled) takes
    // no payment for a plan that is already open, however it was unlocked.
    const assessment = purchase.assessment_id ? await findAssessmentById(db, purchase.assessment_id) : undefined;
    if (assessment && awaitsCoachApproval(assessment, caller.user)) throw pendingCoachApproval();
    if (assessment && (await isPlanUnlocked(db, app.config, assessment, caller.user))) throw planAlreadyUnlocked();
  }
  if (purchase.status === 'cancelled') throw checkoutCancelled();
  // Paying twice (a double click, a reload) is harmless: only a pending checkout changes. One
  // closed in the meantime (PostgreSQL: a cancel that committed first) is not paid.
  if (purchase.status === 'pending' && !(await markSandboxPaid(db, purchase.id))) {
    if ((await findPurchaseByRef(db, 'sandbox', purchase.provider_ref))?.status === 'cancelled') throw checkoutCancelled();
  }
  return { redirectUrl: sandboxSuccessPath(purchase.provider_ref) };
}

const checkoutCancelled = () => conflict('This checkout was cancelled. Please start a new purchase.');

/** Stripe's events, signed over the raw bytes (the entry's `rawBody`); 404 unless Stripe is the provider. */
export async function stripeWebhook({ app, db, request }: Call<'stripeWebhook'>): Promise<Output<'stripeWebhook'>> {
  const { config, payments } = app;
  if (!(payments instanceof StripePaymentProvider) || !config.stripe) throw notFound();
  const signature = request.headers['stripe-signature'];
  if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest('Missing Stripe signature.');
  let event: Stripe.Event;
  try {
    event = payments.verifyWebhook(request.body, signature, config.stripe.webhookSecret);
  } catch {
    throw new AppError(400, 'bad_signature', 'The webhook signature could not be verified.');
  }
  const failed = event.type === STRIPE_PAYMENT_FAILED_EVENT;
  if (!failed && !STRIPE_PAID_EVENTS.has(event.type)) return { received: true, outcome: 'ignored' };

  const checkout = event.data.object as Stripe.Checkout.Session;
  // A session of the other mode than the key's (a test-mode checkout on a server selling for real,
  // or the reverse) is never fulfilled here: it unlocks nothing on this server, so it gets no
  // receipt either (decision 0006, amended). Only a mix-up of signing secrets delivers one.
  if (payments.isOtherMode(checkout.id)) {
    request.log.warn({ checkout: checkout.id }, 'Stripe webhook for a checkout of the other mode than the secret key; not fulfilled');
    return { received: true, outcome: 'other_mode' };
  }
  const purchase = await findPurchaseByRef(db, 'stripe', checkout.id);
  if (!purchase) {
    request.log.warn({ checkout: checkout.id }, 'Stripe webhook for an unknown checkout');
    return { received: true, outcome: 'unknown_checkout' };
  }
  if (failed) {
    // The delayed payment (a bank debit) failed: this checkout will never be paid, so it gives up
    // the assessment's one pending place (migration 0016) and the next GetPurchaseUrl opens another.
    const cancelled = await cancelPendingPurchase(db, purchase.id);
    request.log.info({ purchaseId: purchase.id, cancelled }, 'Stripe delayed payment failed; checkout closed');
    return { received: true, outcome: cancelled ? 'cancelled' : 'not_pending' };
  }
  const confirmation = confirmationOf(checkout);
  if (purchase.status !== 'fulfilled' && (purchase.user_id === null || purchase.assessment_id === null)) {
    // Its account was erased (the erasure cancelled it and expired the session, or could not:
    // decision 0066, "an account erased"): no plan and nobody to unlock it for, so it is never
    // fulfilled. Money taken on it is logged, as a mismatch is, for a person to refund; the row stays as it is.
    if (!confirmation.paid) return { received: true, outcome: 'not_paid' };
    request.log.warn({ checkout: checkout.id }, 'Stripe payment on a checkout of an erased account; not fulfilled, needs a refund');
    return { received: true, outcome: 'refund_needed' };
  }
  const outcome = await fulfilIfConfirmed(db, purchase, confirmation);
  if (outcome === 'mismatch') request.log.warn({ purchaseId: purchase.id }, 'Stripe amount or currency differs from the checkout; not fulfilled');
  return { received: true, outcome };
}

export const purchaseHandlers = {
  getPositivityPlanPrice,
  getPlanPricing,
  getPurchaseUrl,
  purchaseSuccessCallback,
  purchaseFailureCallback,
  sandboxCheckout,
  sandboxPay,
  stripeWebhook,
};
