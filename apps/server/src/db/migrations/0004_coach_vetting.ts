import type { Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * Coaches an admin has vetted (issue 23 §3). Under open sign-up anyone can become a coach, so a
 * coach's status says nothing about whether Bloom stands behind them; only a vetted coach makes
 * a client's Professional plan included. A table of its own rather than a users column, so the
 * session row (read on every request) does not grow. Existing coaches start unvetted, whatever
 * their status: nothing recorded who approved them, and an admin vets them again in one click.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('coach_vettings')
    .addColumn('coach_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('vetted_at', 'text', (c) => c.notNull())
    .addColumn('vetted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}
