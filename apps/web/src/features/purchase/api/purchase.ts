/** The purchase calls of the web app (documented in docs/decisions/0006-payments.md). */
import type { Assessment, RedirectResponse } from '@bloom/contracts';
import { apiGet, apiPost } from '../../../lib/api';

export interface SandboxCheckout {
  session: string;
  assessmentId: string | null;
  status: 'pending' | 'paid' | 'fulfilled' | 'cancelled';
  productName: string;
  amountCents: number;
  regularPriceCents: number;
  currency: string;
}

export interface PurchaseCallbackResult {
  unlocked: boolean;
  assessmentId: string | null;
}

const ref = (session: string) => encodeURIComponent(session);

export async function getSandboxCheckout(session: string): Promise<SandboxCheckout> {
  const checkout = await apiGet<SandboxCheckout>(`/api/purchase/sandbox/${ref(session)}`);
  if (!checkout) throw new Error('The checkout returned no data.');
  return checkout;
}

export const paySandboxCheckout = (session: string) => apiPost<RedirectResponse>(`/api/purchase/sandbox/${ref(session)}/pay`);

export const confirmPurchase = (session: string) =>
  apiGet<PurchaseCallbackResult>(`/api/user/PurchaseSuccessCallback?session=${ref(session)}`);

export const abandonPurchase = (session: string | null) =>
  apiGet<{ cancelled: boolean }>(`/api/user/PurchaseFailureCallback${session ? `?session=${ref(session)}` : ''}`);

export const latestAssessment = () => apiGet<Assessment>('/api/user/GetLatestAssessment');
