import type { Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * The coach's lists (GetAssessmentsByCoach, GetClientsPage) hold every assessment of a client
 * that has results, and results exist by the coverage rule (DESIGN.md §11), not only once every
 * question is answered (`completed_at`). So the lists read each client's assessments, finished
 * or not, and judge an unfinished one from its answers. 0013's index held completed assessments
 * only; read through 0003's index instead, SQLite would visit the table for every assessment's
 * columns again (what 0013 removed, decision 0050).
 *
 * `assessments_by_user_idx` holds every assessment by `user_id, created_at, id` with the list's
 * columns and `completed_at` (every column of the table), so the lists read a client's
 * assessments straight off it and look up answers only where `completed_at` is null. It serves
 * every query 0003's index (`user_id, created_at, id`: a person's latest assessment, which now
 * comes whole off it) and 0013's partial one served, so both go: one index entry per
 * assessment, as there was before an assessment was completed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('assessments_by_user_idx')
    .on('assessments')
    .columns(['user_id', 'created_at', 'id', 'is_ninety_item', 'coach_access_granted', 'client_access_granted', 'completed_at'])
    .execute();
  await db.schema.dropIndex('assessments_completed_by_user_idx').execute();
  await db.schema.dropIndex('assessments_user_id_created_id_idx').execute();
}
