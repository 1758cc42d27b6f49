import type { Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * Account recovery for the embedded provider (issue 25 §2–3, DESIGN.md §12, decision 0028).
 *
 * - `identity_accounts.email_verified_at`: when the address was confirmed by a link sent to it;
 *   null until then. Accounts made before this migration were never confirmed, so they start
 *   null (their `users.email`, and with it any admin right they hold, is left as it was).
 * - `account_tokens`: the links Bloom mails (confirm an address, reset a password, confirm a new
 *   address). Only the SHA-256 of a token is stored, as the key, so a copy of the database
 *   yields no working link. `email` is the address the link was sent to: a link for an address
 *   the account no longer has does nothing. `used_at` makes a link work once; `expires_at`
 *   bounds it in time. Rows go with their account.
 */
// Migrations see the tables as they were then, not as schema.ts describes them today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('identity_accounts').addColumn('email_verified_at', 'text').execute();
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('identity_accounts.id').onDelete('cascade'))
    // verify-email | reset-password | change-email
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('account_tokens_account_id_idx').on('account_tokens').columns(['account_id', 'purpose']).execute();
}
