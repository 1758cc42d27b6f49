/**
 * Closing the checkouts of a plan that is no longer for sale to its owner (decision 0066, amended
 * by its "plan no longer for sale" part): the results wait for the coach's release
 * (`awaitsCoachApproval`), or the plan is unlocked some other way (included by a vetted coach's
 * release, free, bought in another checkout); or the owner erased their account (its "account
 * erased" part). The sandbox store's Pay refuses those by itself; a Stripe session stays payable
 * until it expires there (24 hours), so it is expired at Stripe.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findAssessmentById } from '../assessments/repository';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { outsideRequestTally } from '../db/round-trips';
import { afterCommit } from '../http/after-commit';
import type { CancelledCheckout } from '../privacy/erasure';
import { awaitsCoachApproval, isPlanUnlocked } from '../reports/access';
import { findUserById } from '../users/users';
import type { PaymentProvider } from './provider';
import { cancelPendingPurchase, pendingPurchasesOfOwner, type PurchaseRow } from './purchases';

/**
 * Closes these pending checkouts at the provider, then here. Best effort: a checkout the provider
 * does not close (unreachable; or no longer open there: paid meanwhile, a bank debit on its way,
 * expired) is logged and stays pending, so the next GetPurchaseUrl settles it with the provider
 * (fulfils it, waits for it, or cancels it) instead of opening a second one beside it; its
 * webhook still fulfils it when money arrives.
 */
export async function closePendingCheckouts(db: Db, payments: PaymentProvider, purchases: readonly PurchaseRow[], log: FastifyBaseLogger): Promise<void> {
  for (const purchase of purchases) {
    try {
      await payments.close(purchase.provider_ref);
    } catch (error) {
      log.warn({ err: error, purchaseId: purchase.id }, 'could not close a checkout of a plan no longer for sale at the provider; kept pending');
      continue;
    }
    await cancelPendingPurchase(db, purchase.id);
  }
}

/** GetPurchaseUrl's refusals and its "already unlocked": the caller's assessment's pending checkouts of the active provider are closed. */
export async function closeCheckoutsOfAssessment(db: Db, payments: PaymentProvider, ownerId: string, assessmentId: string, log: FastifyBaseLogger): Promise<void> {
  await closePendingCheckouts(db, payments, await pendingPurchasesOfOwner(db, payments.name, ownerId, assessmentId), log);
}

/**
 * After a change of who may see a plan (a coach chosen, results released): the owner's pending
 * checkouts (of one assessment when named) whose plan is no longer for sale are closed, judged on
 * the state as it is now. Nothing is read beyond the one query when there is no pending checkout.
 */
export async function closeCheckoutsNoLongerForSale(
  db: Db,
  config: Pick<AppConfig, 'planPriceCents' | 'planPromoPriceCents' | 'stripe'>,
  payments: PaymentProvider,
  ownerId: string,
  log: FastifyBaseLogger,
  assessmentId?: string,
): Promise<void> {
  const pending = await pendingPurchasesOfOwner(db, payments.name, ownerId, assessmentId);
  if (pending.length === 0) return;
  const owner = await findUserById(db, ownerId);
  if (!owner) return;
  const byAssessment = new Map<string, PurchaseRow[]>();
  for (const purchase of pending) byAssessment.set(purchase.assessment_id!, [...(byAssessment.get(purchase.assessment_id!) ?? []), purchase]);
  for (const [id, purchases] of byAssessment) {
    const assessment = await findAssessmentById(db, id);
    if (!assessment || assessment.user_id !== owner.id) continue;
    if (awaitsCoachApproval(assessment, owner) || (await isPlanUnlocked(db, config, assessment, owner))) {
      await closePendingCheckouts(db, payments, purchases, log);
    }
  }
}

/**
 * closeCheckoutsNoLongerForSale once the call's transaction has committed (http/after-commit.ts:
 * so the change is there to be read, whether or not the answer reaches the client), outside the
 * row lock it held (the provider's calls take up to its timeout, and SQLite runs one transaction
 * at a time), and not charged to the call's round trips (db/round-trips.ts). Failures are logged;
 * the next GetPurchaseUrl closes what is left.
 */
export function closeCheckoutsNoLongerForSaleAfterCommit(app: FastifyInstance, reply: FastifyReply, ownerId: string, assessmentId?: string): void {
  const { config, payments } = app;
  const db = app.database.db;
  const log = reply.log;
  afterCommit(reply.request, () => {
    void outsideRequestTally(() => closeCheckoutsNoLongerForSale(db, config, payments, ownerId, log, assessmentId)).catch((error: unknown) =>
      log.warn({ err: error, ownerId }, 'could not close the checkouts of plans no longer for sale'),
    );
  });
}

/**
 * An erased account's checkouts (privacy/erasure.ts cancelled them in its transaction): once the
 * erasure has committed, those of the active provider are closed there (Stripe: the session
 * expired), outside the call's round trips. Best effort: the erasure stands whatever the provider
 * says. A checkout it does not close (unreachable; or no longer open: paid that moment, a bank
 * debit on its way) is logged by its reference, never by whose it was; money that still arrives
 * on one is not fulfilled, and its webhook logs it as needing a refund (api/handlers/purchase.ts).
 * Another provider's checkouts (one no longer active) have nothing here to close them with.
 */
export function closeErasedCheckoutsAfterCommit(app: FastifyInstance, request: FastifyRequest, checkouts: readonly CancelledCheckout[]): void {
  const { payments } = app;
  const refs = checkouts.filter((checkout) => checkout.provider === payments.name).map((checkout) => checkout.providerRef);
  if (refs.length === 0) return;
  const log = request.log;
  afterCommit(request, () => {
    void outsideRequestTally(async () => {
      for (const ref of refs) {
        try {
          await payments.close(ref);
        } catch (error) {
          log.warn({ err: error, checkout: ref }, 'could not close an erased account\'s checkout at the provider; a payment on it is not fulfilled and needs a refund');
        }
      }
    });
  });
}
