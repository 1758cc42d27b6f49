import { sql, type Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * The data export lists, and erasure deletes, a person's mail by address (mail/records.ts
 * `listMailTo`, mail/outbox.ts `forgetMailTo`), matched case-insensitively as
 * `lower(recipient) = ?`. 0006 indexed only the dispatcher's due time, so each of those read the
 * whole outbox, which grows with every message sent. The index is on the expression those
 * queries compare, as a plain index on `recipient` would not serve `lower(recipient)`; both
 * databases index an expression. `created_at, id` follow so the export reads a person's mail
 * oldest first straight off the index instead of sorting it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('mail_outbox_recipient_idx')
    .on('mail_outbox')
    .expression(sql`lower(recipient)`)
    .columns(['created_at', 'id'])
    .execute();
}
