/**
 * Stripe Checkout (used when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set).
 * Payment is confirmed two ways, both asking Stripe rather than the browser:
 * the signed `checkout.session.completed` webhook, and (on the success page) a
 * retrieve of the checkout session by id. A delayed payment (a bank debit) that fails closes
 * its checkout the same two ways: `checkout.session.async_payment_failed`, and a retrieve that
 * finds the session's PaymentIntent failed or cancelled.
 */
import type Stripe from 'stripe';
import { AppError } from '../http/errors';
import type { Checkout, CheckoutRequest, CheckoutState, PaymentConfirmation, PaymentProvider } from './provider';

/** Webhook deliveries older than this (by their signed timestamp) are refused: replay defence. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

export const PLAN_PRODUCT_NAME = 'Bloom Positivity Plan';

export async function createStripeClient(secretKey: string, options: Stripe.StripeConfig = {}): Promise<Stripe> {
  // Loaded only where Stripe is configured: the SDK is a few MB of heap that the sandbox store never uses.
  const { default: StripeClient } = await import('stripe');
  return new StripeClient(secretKey, { maxNetworkRetries: 2, timeout: 15_000, ...options });
}

const providerUnavailable = () =>
  new AppError(502, 'payment_provider_unavailable', 'The payment provider could not be reached. Please try again in a moment.');

/** Where Stripe hosts its Checkout pages: the only place Bloom sends a buyer's browser. */
export const STRIPE_CHECKOUT_HOST = 'checkout.stripe.com';

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  /** `checkoutHost` is only changed by tests that stand in for Stripe. */
  constructor(
    private readonly stripe: Stripe,
    private readonly checkoutHost = STRIPE_CHECKOUT_HOST,
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: request.amountCents,
              product_data: { name: PLAN_PRODUCT_NAME },
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.assessmentId,
        metadata: { assessmentId: request.assessmentId, userId: request.userId },
      });
    } catch {
      throw providerUnavailable();
    }
    // The browser is sent wherever this URL points, so only Stripe's own HTTPS checkout pages
    // are accepted: a misconfigured key or a tampered response cannot redirect buyers elsewhere.
    if (!session.url || !this.isCheckoutPage(session.url)) throw providerUnavailable();
    return { redirectUrl: session.url, providerRef: session.id };
  }

  async inspect(providerRef: string): Promise<CheckoutState> {
    // The PaymentIntent comes with it: a completed, unpaid session is waiting for a delayed payment
    // (a bank debit) only while its PaymentIntent has not failed.
    const session = await this.retrieve(providerRef, ['payment_intent']);
    const confirmation = confirmationOf(session);
    // Stripe gives the session's address only while it is open; it is checked as a new one is.
    const open = !confirmation.paid && session.status === 'open' && session.url !== null && this.isCheckoutPage(session.url);
    return {
      ...confirmation,
      redirectUrl: open ? session.url : null,
      closed: !confirmation.paid && (session.status === 'expired' || (session.status === 'complete' && delayedPaymentFailed(session))),
    };
  }

  async close(providerRef: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(providerRef);
    } catch {
      // Also when it is no longer open (paid meanwhile): the caller must not sell another then.
      throw providerUnavailable();
    }
  }

  private async retrieve(providerRef: string, expand?: string[]): Promise<Stripe.Checkout.Session> {
    try {
      return await this.stripe.checkout.sessions.retrieve(providerRef, expand ? { expand } : undefined);
    } catch {
      throw providerUnavailable();
    }
  }

  private isCheckoutPage(url: string): boolean {
    try {
      const parsed = new URL(url);
      return parsed.protocol === 'https:' && parsed.hostname === this.checkoutHost && parsed.username === '' && parsed.password === '';
    } catch {
      return false;
    }
  }

  /** Verifies the signature over the exact bytes Stripe sent; throws on a bad or stale signature. */
  verifyWebhook(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, secret, STRIPE_WEBHOOK_TOLERANCE_SECONDS);
  }
}

/** Paid means Stripe says so; the amount and currency are checked against our row by the caller. */
export function confirmationOf(session: Pick<Stripe.Checkout.Session, 'payment_status' | 'amount_total' | 'currency'>): PaymentConfirmation {
  return {
    paid: session.payment_status === 'paid',
    amountCents: session.amount_total ?? 0,
    currency: (session.currency ?? '').toLowerCase(),
  };
}

/**
 * A completed session's delayed payment that will never arrive: its PaymentIntent failed (Stripe
 * puts it back to `requires_payment_method`, and a completed session takes no other method) or was
 * cancelled. Only an expanded PaymentIntent is judged; an id alone says nothing.
 */
function delayedPaymentFailed(session: Pick<Stripe.Checkout.Session, 'payment_intent'>): boolean {
  const intent = session.payment_intent;
  return intent !== null && typeof intent === 'object' && (intent.status === 'requires_payment_method' || intent.status === 'canceled');
}

/** Webhook events that mean "this checkout is now paid". */
export const STRIPE_PAID_EVENTS: ReadonlySet<string> = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** The webhook event that means "this checkout's delayed payment failed: it will never be paid". */
export const STRIPE_PAYMENT_FAILED_EVENT = 'checkout.session.async_payment_failed';
