import { sql, type Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * Which coach an assessment was shared with (decision 0056). A `coach_access` record said only
 * which assessment, and the consent log named the person's coach *today*, so after a change of
 * coach it named one who never had access. The column holds the coach the sharing went to.
 * Records still open are of the current coach (changing coach closes them: coaching/relationship.ts),
 * so they are filled in from the person's row; closed ones stay null ("not recorded").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('consents').addColumn('coach_id', 'text').execute();
  await sql`
    update consents set coach_id = (select users.coach_id from users where users.id = consents.user_id)
    where kind = 'coach_access' and revoked_at is null
  `.execute(db);
}
