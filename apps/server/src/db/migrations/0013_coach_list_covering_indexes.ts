import { sql, type Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * The coach's whole client list (GetAssessmentsByCoach, and each page's entries) reads every
 * client by name with their group, then each client's completed assessments. With only
 * 0001's index on `coach_id`, SQLite visited every client's row for the other columns and then
 * sorted them all by name in a temporary b-tree; at 10,000 clients the list cost more per
 * client than at 100 (docs/performance.md, "The coach list at 10,000 clients").
 *
 * - `users_coach_clients_idx` holds a coach's clients in the list's order with every column the
 *   list and the dashboard's pages read, so the clients come straight off it, sorted. Only
 *   coached people are in it (`coach_id is not null`): a guest's or a member's writes never touch it.
 *   It serves every query 0001's `users_coach_id_idx` served (`coach_id = ?` says `is not null`),
 *   so that one goes.
 * - `assessments_completed_by_user_idx` holds each person's completed assessments with the
 *   columns the list shows, so they are read without visiting the table. An assessment enters
 *   it once, when it is completed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('users_coach_clients_idx')
    .on('users')
    .columns(['coach_id', 'last_name', 'first_name', 'id', 'user_name', 'group_id', 'email'])
    .where(sql.ref('coach_id'), 'is not', null)
    .execute();
  await db.schema.dropIndex('users_coach_id_idx').execute();
  await db.schema
    .createIndex('assessments_completed_by_user_idx')
    .on('assessments')
    .columns(['user_id', 'created_at', 'id', 'is_ninety_item', 'coach_access_granted', 'client_access_granted', 'completed_at'])
    .where(sql.ref('completed_at'), 'is not', null)
    .execute();
}
