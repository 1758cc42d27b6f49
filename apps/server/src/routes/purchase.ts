/**
 * Pricing, checkout and fulfilment (spec 02 §2 "Upsell", "Purchase callbacks"; DESIGN.md §7;
 * docs/decisions/0006-payments.md). The browser never decides that something was paid:
 * the success callback and the Stripe webhook both take the provider's word only.
 */
import type { RedirectResponse } from '@bloom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { requireOwnAssessment } from '../assessments/access';
import { findAssessmentById, loadAnswers } from '../assessments/repository';
import { AppError, badRequest, conflict, notFound, parseInput } from '../http/errors';
import { confirmAndFulfil, fulfilIfConfirmed } from '../payments/fulfilment';
import { createPaymentProvider } from '../payments/index';
import { centsToDollars, chargeCents, planPricing, PLAN_CURRENCY } from '../payments/pricing';
import { CHECKOUT_ID_PLACEHOLDER } from '../payments/provider';
import { cancelPendingPurchase, findPurchaseByRef, insertPendingPurchase, markSandboxPaid, type PurchaseRow } from '../payments/purchases';
import { sandboxSuccessPath } from '../payments/sandbox';
import { confirmationOf, PLAN_PRODUCT_NAME, STRIPE_PAID_EVENTS, StripePaymentProvider } from '../payments/stripe';
import { coverageOf, incompleteAssessment, isPlanUnlocked } from '../reports/access';
import type { SessionContext } from '../sessions/sessions';
import { requireMember, requireSession } from '../sessions/plugin';

/** Stripe's webhook address (documented in docs/decisions/0006-payments.md); exempt from the CSRF header check. */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';
/** Stripe events can be larger than the API's usual 64 KB JSON bodies. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** Checkout ids: Stripe's `cs_…` and the sandbox's `sbx_…` are both URL-safe tokens. */
const checkoutRefSchema = z.string().min(1).max(300).regex(/^[A-Za-z0-9_-]+$/, 'not a checkout id');
const successQuerySchema = z.object({ session: checkoutRefSchema });
const failureQuerySchema = z.object({ session: checkoutRefSchema.optional() });

export interface PurchaseCallbackResult {
  unlocked: boolean;
  assessmentId: string | null;
}

export async function purchaseRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const { config } = app;
  const provider = createPaymentProvider(config, db);

  /** A checkout of the active provider that belongs to the caller; anything else is 404. */
  async function ownPurchase(session: SessionContext, ref: string): Promise<PurchaseRow> {
    const purchase = await findPurchaseByRef(db, provider.name, ref);
    if (!purchase || purchase.user_id !== session.user.id) throw notFound('Checkout not found.');
    return purchase;
  }

  async function unlockedFor(session: SessionContext, assessmentId: string | null): Promise<boolean> {
    if (!assessmentId) return false;
    const row = await findAssessmentById(db, assessmentId);
    return row !== undefined && (await isPlanUnlocked(db, config, row, session.user));
  }

  // ── Prices ────────────────────────────────────────────────────────────────
  /** Spec 02 §7: "a number", the price to pay today in dollars (the promotion when one runs). */
  app.get('/api/user/getPositivityPlanPrice', async () => centsToDollars(chargeCents(config)));

  /** The regular and promotional price, for the upsell's strike-through. */
  app.get('/api/user/GetPlanPricing', async () => planPricing(config));

  // ── Checkout ──────────────────────────────────────────────────────────────
  app.post<{ Params: { assessmentId: string } }>('/api/user/GetPurchaseUrl/:assessmentId', async (request): Promise<RedirectResponse> => {
    const session = requireMember(request);
    const assessment = await requireOwnAssessment(db, session, request.params.assessmentId);
    // No plan, so nothing to sell, for an assessment without results (the coverage rule).
    const coverage = coverageOf(assessment, await loadAnswers(db, assessment.id));
    if (!coverage.hasResults) throw incompleteAssessment(coverage);
    const planPath = `/PositivityPlan/${encodeURIComponent(assessment.id)}`;
    // Nothing to buy twice: an unlocked plan (bought, free, or included by a coach) opens directly.
    if (await isPlanUnlocked(db, config, assessment, session.user)) return { redirectUrl: planPath };

    const amountCents = chargeCents(config);
    const checkout = await provider.createCheckout({
      assessmentId: assessment.id,
      userId: session.user.id,
      amountCents,
      currency: PLAN_CURRENCY,
      successUrl: `${config.appOrigin}/purchase-success-callback?session=${CHECKOUT_ID_PLACEHOLDER}`,
      cancelUrl: `${config.appOrigin}/purchase-failure-callback`,
    });
    await insertPendingPurchase(db, {
      assessmentId: assessment.id,
      userId: session.user.id,
      provider: provider.name,
      providerRef: checkout.providerRef,
      amountCents,
      currency: PLAN_CURRENCY,
    });
    return { redirectUrl: checkout.redirectUrl };
  });

  /** The return from a successful checkout: confirm with the provider, fulfil, report the plan state. */
  app.get('/api/user/PurchaseSuccessCallback', async (request: FastifyRequest): Promise<PurchaseCallbackResult> => {
    const session = requireSession(request);
    const { session: ref } = parseInput(successQuerySchema, request.query, 'checkout');
    const purchase = await ownPurchase(session, ref);
    const outcome = await confirmAndFulfil(db, provider, purchase);
    if (outcome === 'mismatch') request.log.warn({ purchaseId: purchase.id }, 'paid amount or currency differs from the checkout; not fulfilled');
    return { unlocked: await unlockedFor(session, purchase.assessment_id), assessmentId: purchase.assessment_id };
  });

  /** The return from an abandoned checkout: a pending checkout is closed; paid ones are never touched. */
  app.get('/api/user/PurchaseFailureCallback', async (request: FastifyRequest) => {
    const session = requireSession(request);
    const { session: ref } = parseInput(failureQuerySchema, request.query, 'checkout');
    if (!ref) return { cancelled: false, assessmentId: null };
    const purchase = await ownPurchase(session, ref);
    return { cancelled: await cancelPendingPurchase(db, purchase.id), assessmentId: purchase.assessment_id };
  });

  // ── The sandbox store (only while it is the active provider) ──────────────
  async function ownSandboxPurchase(request: FastifyRequest<{ Params: { ref: string } }>): Promise<PurchaseRow> {
    const session = requireMember(request);
    if (provider.name !== 'sandbox') throw notFound('Checkout not found.');
    return ownPurchase(session, parseInput(checkoutRefSchema, request.params.ref, 'checkout'));
  }

  app.get<{ Params: { ref: string } }>('/api/purchase/sandbox/:ref', async (request) => {
    const purchase = await ownSandboxPurchase(request);
    return {
      session: purchase.provider_ref,
      assessmentId: purchase.assessment_id,
      status: purchase.status,
      productName: PLAN_PRODUCT_NAME,
      amountCents: purchase.amount_cents,
      regularPriceCents: config.planPriceCents,
      currency: purchase.currency,
    };
  });

  app.post<{ Params: { ref: string } }>('/api/purchase/sandbox/:ref/pay', async (request): Promise<RedirectResponse> => {
    const purchase = await ownSandboxPurchase(request);
    if (purchase.status === 'cancelled') throw conflict('This checkout was cancelled. Please start a new purchase.');
    // Paying twice (a double click, a reload) is harmless: only a pending checkout changes.
    if (purchase.status === 'pending') await markSandboxPaid(db, purchase.id);
    return { redirectUrl: sandboxSuccessPath(purchase.provider_ref) };
  });

  // ── Stripe webhook ────────────────────────────────────────────────────────
  await app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent, so this route alone reads the raw body.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post(STRIPE_WEBHOOK_PATH, async (request) => {
      if (!(provider instanceof StripePaymentProvider) || !config.stripe) throw notFound();
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest('Missing Stripe signature.');
      let event: Stripe.Event;
      try {
        event = provider.verifyWebhook(request.body, signature, config.stripe.webhookSecret);
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
    });
  });
}
