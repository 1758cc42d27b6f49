/**
 * Pricing, checkout and fulfilment (spec 02 §2 "Upsell", "Purchase callbacks"; DESIGN.md §7;
 * docs/decisions/0006-payments.md). The browser never decides that something was paid:
 * the success callback and the Stripe webhook both take the provider's word only.
 */
import type Stripe from 'stripe';
import { requireOwnAssessment } from '../../assessments/access';
import { findAssessmentById, loadAnswers } from '../../assessments/repository';
import type { Db } from '../../db/handle';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { confirmAndFulfil, fulfilIfConfirmed } from '../../payments/fulfilment';
import { centsToDollars, chargeCents, planPricing, PLAN_CURRENCY } from '../../payments/pricing';
import { CHECKOUT_ID_PLACEHOLDER, type PaymentProvider } from '../../payments/provider';
import { cancelPendingPurchase, findPurchaseByRef, insertPendingPurchase, markSandboxPaid, type PurchaseRow } from '../../payments/purchases';
import { sandboxSuccessPath } from '../../payments/sandbox';
import { confirmationOf, PLAN_PRODUCT_NAME, STRIPE_PAID_EVENTS, StripePaymentProvider } from '../../payments/stripe';
import { coverageOf, incompleteAssessment, isPlanUnlocked } from '../../reports/access';
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

export async function getPurchaseUrl({ app, params, caller, db }: Call<'getPurchaseUrl'>): Promise<Output<'getPurchaseUrl'>> {
  const { config, payments } = app;
  const assessment = await requireOwnAssessment(db, caller, params.assessmentId);
  // No plan, so nothing to sell, for an assessment without results (the coverage rule).
  const coverage = coverageOf(assessment, await loadAnswers(db, assessment.id));
  if (!coverage.hasResults) throw incompleteAssessment(coverage);
  const planPath = `/PositivityPlan/${encodeURIComponent(assessment.id)}`;
  // Nothing to buy twice: an unlocked plan (bought, free, or included by a coach) opens directly.
  if (await isPlanUnlocked(db, config, assessment, caller.user)) return { redirectUrl: planPath };

  const amountCents = chargeCents(config);
  const checkout = await payments.createCheckout({
    assessmentId: assessment.id,
    userId: caller.user.id,
    amountCents,
    currency: PLAN_CURRENCY,
    successUrl: `${config.appOrigin}/purchase-success-callback?session=${CHECKOUT_ID_PLACEHOLDER}`,
    cancelUrl: `${config.appOrigin}/purchase-failure-callback`,
  });
  await insertPendingPurchase(db, {
    assessmentId: assessment.id,
    userId: caller.user.id,
    provider: payments.name,
    providerRef: checkout.providerRef,
    amountCents,
    currency: PLAN_CURRENCY,
  });
  return { redirectUrl: checkout.redirectUrl };
}

/** The return from a successful checkout: confirm with the provider, fulfil, report the plan state. */
export async function purchaseSuccessCallback({ app, query, caller, db, request }: Call<'purchaseSuccessCallback'>): Promise<Output<'purchaseSuccessCallback'>> {
  const purchase = await ownPurchase(db, app.payments, caller, query.session);
  const outcome = await confirmAndFulfil(db, app.payments, purchase);
  if (outcome === 'mismatch') request.log.warn({ purchaseId: purchase.id }, 'paid amount or currency differs from the checkout; not fulfilled');
  return { unlocked: await unlockedFor(db, app.config, caller, purchase.assessment_id), assessmentId: purchase.assessment_id };
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
  if (purchase.status === 'cancelled') throw conflict('This checkout was cancelled. Please start a new purchase.');
  // Paying twice (a double click, a reload) is harmless: only a pending checkout changes.
  if (purchase.status === 'pending') await markSandboxPaid(db, purchase.id);
  return { redirectUrl: sandboxSuccessPath(purchase.provider_ref) };
}

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
  if (!STRIPE_PAID_EVENTS.has(event.type)) return { received: true, outcome: 'ignored' };

  const checkout = event.data.object as Stripe.Checkout.Session;
  const purchase = await findPurchaseByRef(db, 'stripe', checkout.id);
  if (!purchase) {
    request.log.warn({ checkout: checkout.id }, 'Stripe webhook for an unknown checkout');
    return { received: true, outcome: 'unknown_checkout' };
  }
  const outcome = await fulfilIfConfirmed(db, purchase, confirmationOf(checkout));
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
