import type { Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * Coach invitations (issue 25 §4, DESIGN.md §12, decision 0030): a coach invites a person by
 * e-mail to become their client, placed in one of the coach's organizations and groups.
 *
 * - `token_hash`: the SHA-256 of the token in the link, never the token: a copy of the
 *   database yields no working link. Resending replaces it (the old link stops working).
 * - `email`, `first_name`, `last_name`: whom the coach invited (the address lower-cased); the
 *   names only greet them in the mail.
 * - `organization_id` / `group_id`: where the person is placed on accepting; null for an
 *   independent client. A deleted organization or group leaves the invitation standing
 *   (set null): the person then joins as an independent client, or in the organization's
 *   "No Group" group when only the group went.
 * - `sent_at` / `expires_at`: the latest mail and 14 days after it.
 * - `accepted_at` / `accepted_by`: who accepted, once; the row goes with that account.
 * A withdrawn invitation is deleted. Invitations go with their coach.
 */
// Migrations see the tables as they were then, not as schema.ts describes them today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('coach_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('coach_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('group_id', 'text', (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  // The coach's list (pending and recently expired, newest first) and the one-pending-per-address check.
  await db.schema.createIndex('coach_invitations_coach_idx').on('coach_invitations').columns(['coach_id', 'expires_at']).execute();
  await db.schema.createIndex('coach_invitations_accepted_by_idx').on('coach_invitations').column('accepted_by').execute();
}
