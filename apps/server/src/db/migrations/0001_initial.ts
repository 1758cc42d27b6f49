import type { Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.
// Only portable column types (text, integer, bigint) so this runs on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('issuer', 'text')
    .addColumn('subject', 'text')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('is_guest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coach_status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('coach_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('group_id', 'text')
    .addColumn('research_opt_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('access_pre_granted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_visited_route', 'text')
    .addColumn('referrer', 'text')
    .addColumn('merged_into', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('users_issuer_subject_unique', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('users_coach_id_idx').on('users').column('coach_id').execute();
  await db.schema.createIndex('users_group_id_idx').on('users').column('group_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('idle_expires_at', 'text', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .execute();

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('coach_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('organizations_coach_id_idx').on('organizations').column('coach_id').execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('groups_organization_id_idx').on('groups').column('organization_id').execute();

  await db.schema
    .createTable('assessments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_ninety_item', 'integer', (c) => c.notNull())
    .addColumn('coach_access_granted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_access_granted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('assessments_user_id_created_idx').on('assessments').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('responses')
    .addColumn('assessment_id', 'text', (c) => c.notNull().references('assessments.id').onDelete('cascade'))
    .addColumn('question_guid', 'text', (c) => c.notNull())
    .addColumn('response', 'integer', (c) => c.notNull())
    .addColumn('order_index', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('responses_pk', ['assessment_id', 'question_guid'])
    .execute();

  await db.schema
    .createTable('life_data')
    .addColumn('assessment_id', 'text', (c) => c.primaryKey().references('assessments.id').onDelete('cascade'))
    .addColumn('relationship_status', 'text', (c) => c.notNull())
    .addColumn('parenting_status', 'text', (c) => c.notNull())
    .addColumn('employment_status', 'text', (c) => c.notNull())
    .addColumn('age', 'integer', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('income', 'text', (c) => c.notNull())
    .addColumn('stressful_events', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('assessment_id', 'text', (c) => c.references('assessments.id').onDelete('set null'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('fulfilled_at', 'text')
    .execute();
  await db.schema.createIndex('purchases_assessment_id_idx').on('purchases').column('assessment_id').execute();

  await db.schema
    .createTable('consents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('consents_user_id_idx').on('consents').column('user_id').execute();

  await db.schema
    .createTable('identity_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('given_name', 'text', (c) => c.notNull())
    .addColumn('family_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oidc_store')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('consumed_at', 'text')
    .addPrimaryKeyConstraint('oidc_store_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_store_grant_idx').on('oidc_store').column('grant_id').execute();
  await db.schema.createIndex('oidc_store_uid_idx').on('oidc_store').column('uid').execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('norm_snapshots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .addColumn('population_size', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
