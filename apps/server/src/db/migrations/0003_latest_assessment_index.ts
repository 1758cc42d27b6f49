import type { Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * "A person's latest assessment" orders by created_at and then id, so two started in the same
 * millisecond still have one latest. The index of 0001 ended at created_at, and SQLite sorted
 * the tie-break in a temporary b-tree on every lookup (several per assessment taken). With id
 * in the index both databases read the answer straight off its end. It serves every query the
 * old index served, so that one goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('assessments_user_id_created_id_idx').on('assessments').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('assessments_user_id_created_idx').execute();
}
