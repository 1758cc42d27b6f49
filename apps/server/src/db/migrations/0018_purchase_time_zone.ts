import type { Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * The buyer's time zone on a purchase (an IANA name such as "America/Los_Angeles", checked against
 * the server's Intl; payments/receipt.ts). The plan page and the dashboard date an assessment in
 * the reader's zone, so a receipt dated in UTC named another day for an assessment taken in the
 * evening in America. The checkout call (GetPurchaseUrl) carries the browser's zone and the receipt
 * dates the assessment and the purchase in it. Null: not known (a checkout opened before this
 * migration, or by a call without it), and the receipt's dates are UTC's, labelled so.
 *
 * A nullable column added: the previous build inserts and reads purchases as before (decision 0075).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('purchases').addColumn('time_zone', 'text').execute();
}
