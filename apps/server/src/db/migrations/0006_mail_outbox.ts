import type { Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * The mail outbox (issue 25, DESIGN.md §12, decision 0027). A message is a row written in the
 * same transaction as the change it tells of, so it exists exactly when that change committed;
 * the dispatcher (mail/dispatcher.ts) sends due rows after the commit and retries with backoff.
 *
 * - `data`: the template's values as JSON text (emptied once sent: links carry tokens).
 * - `next_attempt_at`: when the row is next due (ISO text); a claimed row is pushed into the
 *   future by its lease, so one instance sends it at a time.
 * - `attempts` / `last_error`: how often sending was tried and the last failure's message.
 * - `sent_at`: null until delivered to the SMTP server (or written to the .eml outbox).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  // The dispatcher's question, "what is due?", reads unsent rows by due time.
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['sent_at', 'next_attempt_at']).execute();
}
