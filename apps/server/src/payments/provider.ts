/**
 * The seam between Bloom and whoever takes the money (DESIGN.md §7). Routes only ever
 * talk to this interface; the sandbox store and Stripe Checkout implement it.
 */

export type PaymentProviderName = 'sandbox' | 'stripe';

export interface CheckoutRequest {
  assessmentId: string;
  userId: string;
  amountCents: number;
  /** ISO 4217, lower case ("usd"). */
  currency: string;
  /** Where the provider sends the browser after paying; may contain `{CHECKOUT_SESSION_ID}`. */
  successUrl: string;
  /** Where the provider sends the browser after giving up. */
  cancelUrl: string;
}

export interface Checkout {
  /** Where the browser goes to pay (an app path for the sandbox, an https URL for Stripe). */
  redirectUrl: string;
  /** The provider's id of this checkout; stored as purchases.provider_ref (unique). */
  providerRef: string;
}

/** What the provider itself says about a checkout: the only source of truth for "paid". */
export interface PaymentConfirmation {
  paid: boolean;
  amountCents: number;
  currency: string;
}

/**
 * What the provider says about a checkout now, in one look: paid or not, and whether it still
 * takes payment. Exactly one of these holds: `paid`; `redirectUrl` (open: the buyer can still pay
 * there, so it is offered again rather than a second checkout); `closed` (it never takes payment
 * now: expired, cancelled, or completed with a delayed payment that failed); or none (completed,
 * with the money not yet confirmed: Stripe's delayed payment methods, still on their way).
 */
export interface CheckoutState extends PaymentConfirmation {
  redirectUrl: string | null;
  closed: boolean;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  inspect(providerRef: string): Promise<CheckoutState>;
  /**
   * Makes the provider refuse payment on an open checkout from now on (Stripe: expire the
   * session). The sandbox's state is the purchases row, so its checkouts close when the row is
   * cancelled. Throws when the provider cannot be reached or the checkout is no longer open.
   */
  close(providerRef: string): Promise<void>;
}

/** Stripe's placeholder, replaced by the checkout id in the success address. */
export const CHECKOUT_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
