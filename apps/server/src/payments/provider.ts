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

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  confirm(providerRef: string): Promise<PaymentConfirmation>;
}

/** Stripe's placeholder, replaced by the checkout id in the success address. */
export const CHECKOUT_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
