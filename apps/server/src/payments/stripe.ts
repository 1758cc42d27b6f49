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
import { checkoutMode, type StripeMode } from './live-mode';
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

  /**
   * `checkoutHost` is only changed by tests that stand in for Stripe. `mode` is the secret key's
   * (live-mode.ts `stripeKeyMode`): a session of the other mode is no checkout of this key's.
   */
  constructor(
    private readonly stripe: Stripe,
    private readonly checkoutHost = STRIPE_CHECKOUT_HOST,
    readonly mode: StripeMode = 'test',
  ) {}

  /**
   * A session this key can never see: of the other mode by its id (cs_test_ under a live key, or
   * the reverse), left by the mode the database ran in before. Stripe is not asked about it.
   */
  isOtherMode(providerRef: string): boolean {
    const mode = checkoutMode(providerRef);
    return mode !== undefined && mode !== this.mode;
  }

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
    // A session of the other mode, or one Stripe has no record of for this key (another account),
    // takes no payment here: closed, so the row is cancelled and a new checkout can open (decision
    // 0066, amended). Any other failure is still a 502: it may be open, or paid, at Stripe.
    if (this.isOtherMode(providerRef)) return NO_SUCH_CHECKOUT;
    // The PaymentIntent comes with it: a completed, unpaid session is waiting for a delayed payment
    // (a bank debit) only while its PaymentIntent has not failed.
    const session = await this.retrieve(providerRef, ['payment_intent']);
    if (session === undefined) return NO_SUCH_CHECKOUT;
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
    // Nothing of this key's to close: the other mode's session, or one Stripe does not have.
    if (this.isOtherMode(providerRef)) return;
    try {
      await this.stripe.checkout.sessions.expire(providerRef);
    } catch (error) {
      if (isNoSuchSession(error)) return;
      // Also when it is no longer open (paid meanwhile): the caller must not sell another then.
      throw providerUnavailable();
    }
  }

  /** The session, or undefined when Stripe says this key has none by that id (404 resource_missing). */
  private async retrieve(providerRef: string, expand?: string[]): Promise<Stripe.Checkout.Session | undefined> {
    try {
      return await this.stripe.checkout.sessions.retrieve(providerRef, expand ? { expand } : undefined);
    } catch (error) {
      if (isNoSuchSession(error)) return undefined;
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

/** A checkout that does not exist for this key: never paid, never payable here. */
const NO_SUCH_CHECKOUT: CheckoutState = Object.freeze({ paid: false, amountCents: 0, currency: '', redirectUrl: null, closed: true });

/**
 * Stripe's answer for an id it has no object by, for this key: `resource_missing`, a 404 (a
 * live key asking for a test-mode session does get it, as does another account's key). Only an
 * answer from Stripe's API counts (an invalid-request error), not a network failure.
 */
function isNoSuchSession(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { type, code, statusCode } = error as { type?: unknown; code?: unknown; statusCode?: unknown };
  return type === 'StripeInvalidRequestError' && (code === 'resource_missing' || statusCode === 404);
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
