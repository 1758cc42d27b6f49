/**
 * The built-in test store (the default when Stripe is not configured). Its "provider
 * state" is the purchases row itself: the store's own checkout page marks a pending row
 * paid through POST /api/purchase/sandbox/{ref}/pay, and inspect() reads that back.
 * No money moves; the store page says so in words.
 */
import type { Db } from '../db/database';
import { newToken } from '../lib/crypto';
import type { Checkout, CheckoutRequest, CheckoutState, PaymentProvider } from './provider';
import { findPurchaseByRef } from './purchases';

/** The store's checkout page (an app route): /Purchase/{assessmentId}?session={ref}. */
export function sandboxCheckoutPath(assessmentId: string, providerRef: string): string {
  return `/Purchase/${encodeURIComponent(assessmentId)}?session=${encodeURIComponent(providerRef)}`;
}

export const sandboxSuccessPath = (providerRef: string) => `/purchase-success-callback?session=${encodeURIComponent(providerRef)}`;
export const sandboxCancelPath = (providerRef: string) => `/purchase-failure-callback?session=${encodeURIComponent(providerRef)}`;

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly db: Db) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    // The ref is a bearer secret for the store page, so it is unguessable (256 bits).
    const providerRef = `sbx_${newToken()}`;
    return { providerRef, redirectUrl: sandboxCheckoutPath(request.assessmentId, providerRef) };
  }

  async inspect(providerRef: string): Promise<CheckoutState> {
    const row = await findPurchaseByRef(this.db, 'sandbox', providerRef);
    const paid = row !== undefined && (row.status === 'paid' || row.status === 'fulfilled');
    // Only a pending checkout's page still takes payment (markSandboxPaid).
    const open = row?.status === 'pending' && row.assessment_id !== null;
    return {
      paid,
      amountCents: row?.amount_cents ?? 0,
      currency: row?.currency ?? '',
      redirectUrl: open ? sandboxCheckoutPath(row.assessment_id!, providerRef) : null,
      closed: !paid && !open,
    };
  }

  /** Cancelling the row (the caller's next step) is what closes a sandbox checkout. */
  async close(): Promise<void> {}
}
