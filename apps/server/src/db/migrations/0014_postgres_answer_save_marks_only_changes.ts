import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * PostgreSQL only. `bloom_save_latest_answers` (0012) again, with the same arguments and
 * answers, doing less on each save (docs/performance.md, "PostgreSQL's share on a fast host"):
 * It reads the completion mark with the row it locks, and writes the mark only when it
 * changes, as SQLite's path does (assessments/repository.ts `markCompletedIf`). 0012 ran an
 * `update assessments` on every save, which found nothing to change on all but the last: 18 µs
 * each in pg_stat_statements, 29 times a journey. The answers are still counted on every save,
 * so a complete assessment that has fewer answers than its track needs is marked incomplete, as
 * before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create or replace function bloom_save_latest_answers(
      p_user text, p_ninety_item integer, p_questions text[], p_responses integer[], p_orders integer[], p_now text, p_needed integer
    ) returns text language plpgsql as $$
    declare
      latest_id text;
      latest_ninety_item integer;
      latest_completed_at text;
      answered integer;
    begin
      select id, is_ninety_item, completed_at into latest_id, latest_ninety_item, latest_completed_at from assessments
        where user_id = p_user order by created_at desc, id desc limit 1 for update;
      if not found then
        return 'none';
      end if;
      if latest_ninety_item <> p_ninety_item then
        return 'other_track';
      end if;
      insert into responses (assessment_id, question_guid, response, order_index, updated_at)
        select latest_id, question, answer, position, p_now
        from unnest(p_questions, p_responses, p_orders) as page (question, answer, position)
        on conflict (assessment_id, question_guid) do update
          set response = excluded.response, order_index = excluded.order_index, updated_at = excluded.updated_at;
      select count(*) into answered from responses where assessment_id = latest_id;
      if answered >= p_needed and latest_completed_at is null then
        update assessments set completed_at = p_now where id = latest_id;
      elsif answered < p_needed and latest_completed_at is not null then
        update assessments set completed_at = null where id = latest_id;
      end if;
      return 'saved';
    end
    $$
  `.execute(db);
}
