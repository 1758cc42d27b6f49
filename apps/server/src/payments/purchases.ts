/**
 * The purchases table: one row per checkout. Status moves
 *   pending → paid (sandbox only: the test store's Pay button) → fulfilled
 *   pending → fulfilled (Stripe: confirmed by the webhook or by asking Stripe)
 *   pending → cancelled (the buyer gave up; a delayed payment failed; the plan stopped being for
 *     sale to its owner, closing.ts)
 * Only `fulfilled` unlocks a plan (with live Stripe keys, only a live one: live-mode.ts), and
 * fulfilment is one conditional UPDATE, so duplicate or concurrent confirmations fulfil once. An
 * assessment has at most one pending checkout per provider (migration 0016's unique index,
 * decision 0066): a second is offered that one instead.
 */
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { PurchasesTable } from '../db/schema';
import { newId } from '../lib/crypto';
import { isoNow } from '../lib/time';
import { honoursOnlyLivePurchases, isLivePurchaseSql } from './live-mode';
import type { PaymentProviderName } from './provider';

export type PurchaseRow = PurchasesTable;
export type PurchaseStatus = PurchasesTable['status'];

/**
 * Stores a new checkout as pending, unless the assessment already has a pending checkout of this
 * provider (then undefined, and nothing is stored): of calls racing to open one, one wins.
 */
export async function insertPendingPurchase(
  db: Db,
  values: { assessmentId: string; userId: string; provider: PaymentProviderName; providerRef: string; amountCents: number; currency: string; timeZone?: string | null },
): Promise<PurchaseRow | undefined> {
  const row: PurchaseRow = {
    id: newId(),
    assessment_id: values.assessmentId,
    user_id: values.userId,
    provider: values.provider,
    provider_ref: values.providerRef,
    amount_cents: values.amountCents,
    currency: values.currency,
    status: 'pending' satisfies PurchaseStatus,
    created_at: isoNow(),
    fulfilled_at: null,
    time_zone: values.timeZone ?? null,
  };
  // No conflict target: the only unique keys are the id and ref (both new) and 0016's partial index.
  const result = await db.insertInto('purchases').values(row).onConflict((conflict) => conflict.doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? row : undefined;
}

/** The assessment's checkouts of this provider that may still be, or have been, paid: newest first. */
export async function openPurchasesOf(db: Db, provider: PaymentProviderName, assessmentId: string): Promise<PurchaseRow[]> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('assessment_id', '=', assessmentId)
    .where('provider', '=', provider)
    .where('status', 'in', ['pending', 'paid'] satisfies PurchaseStatus[])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The pending checkouts of this provider for the assessments of `ownerId` (all of them, or the one
 * named): newest first. Read by the assessment's owner, not the row's buyer, as the plan rules are.
 */
export async function pendingPurchasesOfOwner(db: Db, provider: PaymentProviderName, ownerId: string, assessmentId?: string): Promise<PurchaseRow[]> {
  let query = db
    .selectFrom('purchases')
    .innerJoin('assessments', 'assessments.id', 'purchases.assessment_id')
    .selectAll('purchases')
    .where('assessments.user_id', '=', ownerId)
    .where('purchases.provider', '=', provider)
    .where('purchases.status', '=', 'pending' satisfies PurchaseStatus);
  if (assessmentId !== undefined) query = query.where('purchases.assessment_id', '=', assessmentId);
  return query.orderBy('purchases.created_at', 'desc').orderBy('purchases.id', 'desc').execute();
}

export async function findPurchaseByRef(db: Db, provider: PaymentProviderName, providerRef: string): Promise<PurchaseRow | undefined> {
  return db.selectFrom('purchases').selectAll().where('provider', '=', provider).where('provider_ref', '=', providerRef).executeTakeFirst();
}

/**
 * Marks a purchase fulfilled. True only for the call that made the change: a second
 * delivery (or a concurrent one, which waits on the row lock and then re-checks the
 * condition) updates nothing.
 */
export async function fulfilPurchase(db: Db, purchaseId: string): Promise<boolean> {
  const result = await db
    .updateTable('purchases')
    .set({ status: 'fulfilled' satisfies PurchaseStatus, fulfilled_at: isoNow() })
    .where('id', '=', purchaseId)
    .where('status', '<>', 'fulfilled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The sandbox store's Pay button: only a pending checkout can become paid. */
export async function markSandboxPaid(db: Db, purchaseId: string): Promise<boolean> {
  const result = await db
    .updateTable('purchases')
    .set({ status: 'paid' satisfies PurchaseStatus })
    .where('id', '=', purchaseId)
    .where('provider', '=', 'sandbox')
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The buyer gave up. Money already taken is never cancelled here: only pending rows change. */
export async function cancelPendingPurchase(db: Db, purchaseId: string): Promise<boolean> {
  const result = await db
    .updateTable('purchases')
    .set({ status: 'cancelled' satisfies PurchaseStatus })
    .where('id', '=', purchaseId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Once a purchase of an assessment is fulfilled its other pending checkouts are closed, so an
 * older store page cannot take a second payment. (Stripe keeps an open session payable until it
 * expires; with one pending checkout per assessment there is none beside the fulfilled one.)
 */
export async function cancelOtherPendingPurchases(db: Db, purchase: Pick<PurchaseRow, 'id' | 'assessment_id'>): Promise<void> {
  if (purchase.assessment_id === null) return;
  await db
    .updateTable('purchases')
    .set({ status: 'cancelled' satisfies PurchaseStatus })
    .where('assessment_id', '=', purchase.assessment_id)
    .where('status', '=', 'pending')
    .where('id', '<>', purchase.id)
    .execute();
}

/**
 * Which of these assessments have a fulfilled purchase this server honours (one query for a whole
 * list): with live Stripe keys only a live one (live-mode.ts, decision 0006 amended).
 */
export async function assessmentsWithFulfilledPurchase(db: Db, config: Pick<AppConfig, 'stripe'>, assessmentIds: readonly string[]): Promise<Set<string>> {
  if (assessmentIds.length === 0) return new Set();
  let query = db
    .selectFrom('purchases')
    .select('assessment_id')
    .distinct()
    .where('assessment_id', 'in', assessmentIds)
    .where('status', '=', 'fulfilled' satisfies PurchaseStatus);
  if (honoursOnlyLivePurchases(config)) query = query.where(isLivePurchaseSql);
  const rows = await query.execute();
  return new Set(rows.map((row) => row.assessment_id).filter((id): id is string => id !== null));
}
