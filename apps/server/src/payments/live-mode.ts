/**
 * Which purchases unlock a plan on this server (decision 0006, amended 2026-11-28): a server
 * selling for real (live Stripe keys) honours only live purchases, a Stripe Checkout session of
 * live mode; a server on the sandbox store or in Stripe's test mode (a demonstration, staging)
 * honours every fulfilled purchase. So a plan "bought" in the test store or with one of Stripe's
 * published test cards, on a database that later runs with live keys, is locked there again; the
 * rows stay as they are (the export lists them as history), and the same database back in test
 * mode opens them again.
 *
 * A session's mode is read from its id, which Stripe prefixes `cs_live_` or `cs_test_`, and which
 * every row already stores (`provider_ref`), rather than from a stored mode: no migration, no
 * backfill (a stored mode would be filled from the same prefix), and a row cannot disagree with
 * itself. Sandbox references (`sbx_…`) are never live.
 */
import { sql } from 'kysely';
import type { AppConfig } from '../config';
import type { Db } from '../db/handle';
import type { PurchaseStatus } from './purchases';

export type StripeMode = 'live' | 'test';

/** The mode of a Stripe secret or restricted key (config.ts has checked its shape). */
export function stripeKeyMode(secretKey: string): StripeMode {
  return /^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test';
}

/** The mode of a Stripe Checkout session by its id; undefined for an id of no known mode. */
export function checkoutMode(ref: string): StripeMode | undefined {
  return ref.startsWith('cs_live_') ? 'live' : ref.startsWith('cs_test_') ? 'test' : undefined;
}

type PaymentsConfig = Pick<AppConfig, 'stripe'>;

/** True on a server that sells for real (live Stripe keys): it honours only live purchases. */
export function honoursOnlyLivePurchases(config: PaymentsConfig): boolean {
  return config.stripe !== undefined && stripeKeyMode(config.stripe.secretKey) === 'live';
}

/**
 * SQL: the `purchases` row is a live Stripe checkout. Constant text with no parameters, so a query
 * built once (db/accelerator.ts) keeps its arguments' places; `substr` rather than `like`, whose
 * `_` is a wildcard and which SQLite compares without case.
 */
export const isLivePurchaseSql = sql<boolean>`(purchases.provider = 'stripe' and substr(purchases.provider_ref, 1, 8) = 'cs_live_')`;

const FULFILLED: PurchaseStatus = 'fulfilled';

/** How many fulfilled purchases this server does not honour: none unless it sells for real. */
export async function unhonouredPurchaseCount(db: Db, config: PaymentsConfig): Promise<number> {
  if (!honoursOnlyLivePurchases(config)) return 0;
  const row = await db
    .selectFrom('purchases')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', FULFILLED)
    .where(sql<boolean>`not ${isLivePurchaseSql}`)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * The start-up line for the operator (main.ts) when live keys meet purchases made in the test
 * store or in test mode: those plans are locked now. No key, reference or person in it.
 */
export async function unhonouredPurchasesWarning(db: Db, config: PaymentsConfig): Promise<string | undefined> {
  const count = await unhonouredPurchaseCount(db, config);
  if (count === 0) return undefined;
  return (
    `${count} fulfilled ${count === 1 ? 'purchase was' : 'purchases were'} made in the sandbox store or in Stripe's test mode; with live Stripe keys ` +
    `their plans are locked (decision 0006). Nothing was paid for them. Their rows are kept; the same database in test mode opens them again`
  );
}
