import { inTransaction } from '../db/accelerator';
import type { Db } from '../db/database';
import type { CheckoutState, PaymentConfirmation, PaymentProvider } from './provider';
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

/**
 * A checkout not paid that still may be, with nothing for the buyer to do: completed at the
 * provider, its delayed payment (a bank debit) on its way. Neither open (the buyer can pay there)
 * nor closed (it never takes payment now): see CheckoutState.
 */
export const awaitsDelayedPayment = (state: CheckoutState): boolean => !state.paid && state.redirectUrl === null && !state.closed;

/** What the buyer's return from a checkout finds: a fulfilment outcome, with `not_paid` split off into `processing` while a delayed payment is on its way. */
export type CheckoutReturnOutcome = FulfilmentOutcome | 'processing';

/** Asks the provider (never the browser) what became of the checkout, then fulfils when it is paid and matches. */
export async function inspectAndFulfil(db: Db, provider: PaymentProvider, purchase: PurchaseRow): Promise<CheckoutReturnOutcome> {
  if (purchase.status === 'fulfilled') return 'already_fulfilled';
  const state = await provider.inspect(purchase.provider_ref);
  const outcome = await fulfilIfConfirmed(db, purchase, state);
  return outcome === 'not_paid' && awaitsDelayedPayment(state) ? 'processing' : outcome;
}
