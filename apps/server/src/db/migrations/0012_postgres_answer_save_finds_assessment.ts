import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * PostgreSQL only (decision 0049). SQLite is unchanged.
 *
 * `bloom_save_latest_answers` is 0009's `bloom_save_answers` that finds the person's latest
 * assessment itself, so an answer save is one round trip instead of two. The web app saves each
 * answer as it is chosen (decision 0022), so these saves are half of every journey's calls.
 * - It locks the latest assessment's row (`for update`), so two saves of one assessment take
 *   turns and the later one counts both saves' answers, as 0009's function did.
 * - The caller says which track its page's questions belong to. When the latest assessment is of
 *   the other track nothing is stored and the answer is `other_track`, so the server can refuse
 *   the page with the same message as before. `none`: the person has no assessment (or was erased
 *   while the save was on its way). `saved`: stored, and the completion mark set or cleared.
 * 0009's `bloom_save_answers` stays: an instance of the previous release may still call it
 * while a rolling upgrade runs. A later migration may drop it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function bloom_save_latest_answers(
      p_user text, p_ninety_item integer, p_questions text[], p_responses integer[], p_orders integer[], p_now text, p_needed integer
    ) returns text language plpgsql as $$
    declare
      latest_id text;
      latest_ninety_item integer;
      answered integer;
    begin
      select id, is_ninety_item into latest_id, latest_ninety_item from assessments
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
      if answered >= p_needed then
        update assessments set completed_at = p_now where id = latest_id and completed_at is null;
      else
        update assessments set completed_at = null where id = latest_id and completed_at is not null;
      end if;
      return 'saved';
    end
    $$
  `.execute(db);
}
