import { z } from 'zod';

/** Pricing, checkout and the sandbox store (spec 02 §2 "Upsell", "Purchase callbacks"; decision 0006). */

/** GET /api/user/getPositivityPlanPrice: the price to pay today, in dollars (spec 02 §7: "a number"). */
export const planPriceSchema = z.number();

/** GET /api/user/GetPlanPricing: the regular and promotional price, for the upsell's strike-through. */
export const planPricingSchema = z.object({ priceCents: z.number().int(), promoPriceCents: z.number().int().nullable(), currency: z.string() });
export type PlanPricing = z.infer<typeof planPricingSchema>;

/** Checkout ids: Stripe's `cs_…` and the sandbox's `sbx_…` are both URL-safe tokens. */
export const checkoutRefSchema = z.string().min(1).max(300).regex(/^[A-Za-z0-9_-]+$/, 'not a checkout id');

/**
 * What the return from a checkout found, as the provider says it (decision 0006): `unlocked`, the
 * plan is open; `processing`, the checkout is completed and its delayed payment (a bank debit) is
 * still on its way; `mismatch`, money arrived that differs from the checkout (nothing unlocked,
 * nothing sold again: someone has to sort it out, decision 0066); `not_paid`, the checkout was not
 * paid and will not be on its own (still open, expired, or its delayed payment failed).
 */
export const purchaseReturnStatusSchema = z.enum(['unlocked', 'processing', 'mismatch', 'not_paid']);
export type PurchaseReturnStatus = z.infer<typeof purchaseReturnStatusSchema>;

/**
 * GET /api/user/PurchaseSuccessCallback?session={ref}: whether the plan is now unlocked (`unlocked`
 * is `status === 'unlocked'`), and if not, why. `supportEmail`: with `mismatch`, where to write
 * (SUPPORT_EMAIL, decision 0072); null otherwise, or when none is configured.
 */
export const purchaseSuccessResultSchema = z.object({
  unlocked: z.boolean(),
  status: purchaseReturnStatusSchema,
  assessmentId: z.string().nullable(),
  supportEmail: z.string().nullable(),
});
export type PurchaseSuccessResult = z.infer<typeof purchaseSuccessResultSchema>;

/** GET /api/user/PurchaseFailureCallback[?session={ref}]: whether a pending checkout was closed. */
export const purchaseFailureResultSchema = z.object({ cancelled: z.boolean(), assessmentId: z.string().nullable() });
export type PurchaseFailureResult = z.infer<typeof purchaseFailureResultSchema>;

/** GET /api/purchase/sandbox/{ref}: the sandbox store's checkout page (only while the sandbox is the provider). */
export const sandboxCheckoutSchema = z.object({
  session: z.string(),
  assessmentId: z.string().nullable(),
  /** A purchase's life: pending at checkout, paid, fulfilled once the plan is unlocked, or cancelled. */
  status: z.enum(['pending', 'paid', 'fulfilled', 'cancelled']),
  productName: z.string(),
  amountCents: z.number().int(),
  regularPriceCents: z.number().int(),
  currency: z.string(),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

/** POST /api/payments/stripe/webhook: what became of the event. */
export const stripeWebhookResultSchema = z.object({ received: z.literal(true), outcome: z.string() });
