import { inTransaction } from '../db/accelerator';
import type { Db } from '../db/database';
import type { PaymentConfirmation, PaymentProvider } from './provider';
import { cancelOtherPendingPurchases, fulfilPurchase, type PurchaseRow } from './purchases';
import { enqueuePlanReceipt } from './receipt';

export type FulfilmentOutcome =
  /** This call fulfilled the purchase. */
  | 'fulfilled'
  /** It was fulfilled before (a duplicate delivery or a second look). */
  | 'already_fulfilled'
  /** The provider does not (yet) report it paid. */
  | 'not_paid'
  /** Paid, but not the amount or currency we asked for: never unlock on that. */
  | 'mismatch';

/**
 * Fulfils when the provider's own confirmation is paid and matches the row exactly. The call
 * that fulfils also queues the receipt, in the same transaction: one receipt per purchase, sent
 * only once the fulfilment committed. It also closes the assessment's other pending checkouts.
 */
export async function fulfilIfConfirmed(db: Db, purchase: PurchaseRow, confirmation: PaymentConfirmation): Promise<FulfilmentOutcome> {
  if (purchase.status === 'fulfilled') return 'already_fulfilled';
  if (!confirmation.paid) return 'not_paid';
  if (confirmation.amountCents !== purchase.amount_cents || confirmation.currency.toLowerCase() !== purchase.currency.toLowerCase()) {
    return 'mismatch';
  }
  const fulfilled = await inTransaction(db, async (trx) => {
    if (!(await fulfilPurchase(trx, purchase.id))) return false;
    await cancelOtherPendingPurchases(trx, purchase);
    await enqueuePlanReceipt(trx, purchase);
    return true;
  });
  return fulfilled ? 'fulfilled' : 'already_fulfilled';
}

/** Asks the provider (never the browser) whether the checkout was paid, then fulfils. */
export async function confirmAndFulfil(db: Db, provider: PaymentProvider, purchase: PurchaseRow): Promise<FulfilmentOutcome> {
  if (purchase.status === 'fulfilled') return 'already_fulfilled';
  return fulfilIfConfirmed(db, purchase, await provider.confirm(purchase.provider_ref));
}
