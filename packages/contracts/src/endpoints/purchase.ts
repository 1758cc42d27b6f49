import { z } from 'zod';
import { checkoutRefSchema, planPriceSchema, planPricingSchema, purchaseFailureResultSchema, purchaseSuccessResultSchema, sandboxCheckoutSchema, stripeWebhookResultSchema } from '../purchase';
import { endpoint, json, redirect } from './define';

/**
 * Prices, checkout, the return from it, the sandbox store and Stripe's webhook (spec 02 §2, §7;
 * decision 0006; api/handlers/purchase.ts). The browser never decides that something was paid.
 */
export const purchaseEndpoints = {
  getPositivityPlanPrice: endpoint({ method: 'GET', path: '/api/user/getPositivityPlanPrice', response: json(planPriceSchema), caller: 'anyone', writes: false, cache: 'public' }),
  getPlanPricing: endpoint({ method: 'GET', path: '/api/user/GetPlanPricing', response: json(planPricingSchema), caller: 'anyone', writes: false, cache: 'public' }),
  /**
   * A checkout for the caller's own assessment (409 without results); an unlocked plan opens directly.
   * `timeZone`, beyond the spec's call and optional: the browser's IANA zone, which the receipt dates in
   * (payments/receipt.ts); one the server does not know is not refused, the receipt then says UTC.
   */
  getPurchaseUrl: endpoint({
    method: 'POST',
    path: '/api/user/GetPurchaseUrl/{assessmentId}',
    params: z.object({ assessmentId: z.string().min(1) }),
    query: z.object({ timeZone: z.string().max(64).optional() }),
    response: redirect(),
    caller: 'member',
    owns: { assessmentId: 'own' },
    writes: true,
    rateLimit: 'purchase-start',
    callsOut: 'payment provider',
  }),
  /** Confirms with the provider and fulfils: a GET that writes. */
  purchaseSuccessCallback: endpoint({
    method: 'GET',
    path: '/api/user/PurchaseSuccessCallback',
    query: z.object({ session: checkoutRefSchema }),
    response: json(purchaseSuccessResultSchema),
    caller: 'session',
    owns: { session: 'own' },
    writes: true,
    cache: 'no-store',
    callsOut: 'payment provider',
  }),
  /** Closes a pending checkout (paid ones are never touched): a GET that writes. */
  purchaseFailureCallback: endpoint({
    method: 'GET',
    path: '/api/user/PurchaseFailureCallback',
    query: z.object({ session: checkoutRefSchema.optional() }),
    response: json(purchaseFailureResultSchema),
    caller: 'session',
    owns: { session: 'own' },
    writes: true,
    cache: 'no-store',
  }),
  /** The sandbox store's checkout page; 404 unless the sandbox is the active provider. */
  sandboxCheckout: endpoint({
    method: 'GET',
    path: '/api/purchase/sandbox/{ref}',
    params: z.object({ ref: checkoutRefSchema }),
    response: json(sandboxCheckoutSchema),
    caller: 'member',
    owns: { ref: 'own' },
    writes: false,
    cache: 'no-store',
  }),
  /** Paying in the sandbox store, then on to the success callback page. */
  sandboxPay: endpoint({
    method: 'POST',
    path: '/api/purchase/sandbox/{ref}/pay',
    params: z.object({ ref: checkoutRefSchema }),
    response: redirect(),
    caller: 'member',
    owns: { ref: 'own' },
    writes: true,
  }),
  /** Signed by Stripe (checked against the raw bytes); 404 unless Stripe is configured. */
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/api/payments/stripe/webhook',
    rawBody: true,
    response: json(stripeWebhookResultSchema),
    caller: 'anyone',
    writes: true,
    csrfExempt: true,
  }),
};
