/** The purchase calls of the web app (documented in docs/decisions/0006-payments.md). */
import { api } from '../../../lib/api-client';

export type { SandboxCheckout, PurchaseSuccessResult as PurchaseCallbackResult } from '@bloom/contracts';

export async function getSandboxCheckout(session: string) {
  return api.sandboxCheckout({ ref: session });
}

export const paySandboxCheckout = (session: string) => api.sandboxPay({ ref: session });

export const confirmPurchase = (session: string) => api.purchaseSuccessCallback({ session });

export const abandonPurchase = (session: string | null) => api.purchaseFailureCallback({ session: session ?? undefined });

export const latestAssessment = () => api.getLatestAssessment();
