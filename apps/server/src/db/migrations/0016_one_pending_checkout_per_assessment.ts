import { sql, type Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * At most one pending checkout per assessment and provider (decision 0066): GetPurchaseUrl offers
 * the open one again, and of calls racing to open one (a double click, two tabs) only the first
 * row is stored, the others offer it. A unique index decides that on both databases without a
 * lock held while the payment provider is called. Pending means no money taken (a paid sandbox
 * checkout is `paid`), so checkouts left open beside a newer one are closed first, keeping the
 * newest: a Stripe session closed here that is paid anyway is still fulfilled by its webhook.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update purchases set status = 'cancelled'
    where status = 'pending' and assessment_id is not null and exists (
      select 1 from purchases newer
      where newer.assessment_id = purchases.assessment_id and newer.provider = purchases.provider and newer.status = 'pending'
        and (newer.created_at > purchases.created_at or (newer.created_at = purchases.created_at and newer.id > purchases.id))
    )
  `.execute(db);
  await db.schema
    .createIndex('purchases_one_pending_checkout_idx')
    .on('purchases')
    .columns(['assessment_id', 'provider'])
    .unique()
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
}
