import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { PaymentProvider } from './provider';
import { SandboxPaymentProvider } from './sandbox';
import { stripeKeyMode } from './live-mode';
import { createStripeClient, STRIPE_CHECKOUT_HOST, StripePaymentProvider } from './stripe';

export type { PaymentProvider, PaymentConfirmation, Checkout, CheckoutRequest } from './provider';
export { SandboxPaymentProvider } from './sandbox';
export { StripePaymentProvider } from './stripe';

/** Stripe Checkout when configured (DESIGN.md §7), otherwise the built-in test store. */
export async function createPaymentProvider(config: Pick<AppConfig, 'stripe'>, db: Db): Promise<PaymentProvider> {
  if (!config.stripe) return new SandboxPaymentProvider(db);
  return new StripePaymentProvider(await createStripeClient(config.stripe.secretKey), STRIPE_CHECKOUT_HOST, stripeKeyMode(config.stripe.secretKey));
}
