import type { Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * A research permission a guest gave (or withdrew) names the member the guest became as the one
 * who acted (decision 0004, users/guest-merge.ts). Merges before that change moved the record to
 * the member but kept the guest's id in `granted_by` / `revoked_by`, so the member's privacy page
 * said the permission was given "by your coach".
 *
 * Such a record is certain to be the member's own act: its actor is a guest whose `merged_into`
 * is the record's own `user_id`, and only the person themselves acts under a guest session (a
 * guest has no coach). Every other record is left as it is: one a coach gave or withdrew, and a
 * guest's records that stayed on the guest row because the member had history of their own.
 */
// Migrations see the tables as they were then, not as schema.ts describes them today.
type AnyDb = Kysely<any>;

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as AnyDb;
  for (const actor of ['granted_by', 'revoked_by'] as const) {
    await db
      .updateTable('consents')
      .set((eb) => ({ [actor]: eb.ref('user_id') }))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('users')
            .select('users.id')
            .whereRef('users.id', '=', `consents.${actor}`)
            .whereRef('users.merged_into', '=', 'consents.user_id'),
        ),
      )
      .execute();
  }
}
