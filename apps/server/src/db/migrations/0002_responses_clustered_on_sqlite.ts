import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * On SQLite, `responses` becomes a WITHOUT ROWID table: rows are stored in their primary key's
 * order (assessment, question) in one b-tree, instead of a rowid table plus a separate index
 * on that key. Saving a page of answers then writes one b-tree rather than two, and reading an
 * assessment's answers is one range scan. Timed in the server under the journey's load: about
 * a fifth less time per page saved and a third less per read (docs/performance.md, decision 0015).
 *
 * PostgreSQL stores every table as a heap with its key in an index, so nothing changes there.
 * The rebuild is one transaction: a crash leaves either the old table or the new one whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await db.transaction().execute(async (trx) => {
    await sql`
      create table responses_clustered (
        assessment_id text not null references assessments (id) on delete cascade,
        question_guid text not null,
        response integer not null,
        order_index integer not null,
        updated_at text not null,
        constraint responses_pk primary key (assessment_id, question_guid)
      ) without rowid
    `.execute(trx);
    await sql`
      insert into responses_clustered (assessment_id, question_guid, response, order_index, updated_at)
      select assessment_id, question_guid, response, order_index, updated_at from responses
    `.execute(trx);
    await sql`drop table responses`.execute(trx);
    await sql`alter table responses_clustered rename to responses`.execute(trx);
  });
}
