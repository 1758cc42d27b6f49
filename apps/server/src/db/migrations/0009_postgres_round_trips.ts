import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Merged migrations never change. Add a new numbered file instead.

/**
 * PostgreSQL only, for fewer round trips per request (decision 0035). SQLite is unchanged.
 *
 * 1. Every change to a session or user row that a cached session could hold is
 * announced on the `bloom_session_changes` channel (NOTIFY, sent when the transaction commits,
 * never for one rolled back). Each instance listens and forgets, or updates, its cached
 * sessions (db/postgres/session-cache.ts, decision 0035). A trigger, not the code paths that
 * remember to say so: logout, a password reset, an erasure, a role change, a cascade, the
 * identity provider's writes and raw SQL are all covered, as SQLite's triggers cover them.
 * - A session updated only to slide its idle window forward announces nothing: a cached entry
 *   is never used past the moment that slide became due. (Moved back, it has expired: announced.)
 * - A user updated only in `last_visited_route` and `updated_at` (every page of the journey
 *   saves its route) announces the new values, so instances update their copies instead of
 *   reading the whole session again.
 * SQLite has its own (temporary, per-connection) triggers for its cache (decision 0011).
 *
 * 2. `bloom_save_answers` stores a page of answers and sets or clears the completion mark in one
 *    call. It first locks the assessment's row, so two saves of one assessment take turns, and
 *    each statement after the lock sees what the other committed (a function's statements take a
 *    fresh snapshot each under READ COMMITTED): the later save counts both saves' answers. That
 *    is what the endpoint's transaction with the user lock did in five round trips more.
 *    False when the assessment is gone (its account was erased while the save was on its way).
 *
 * 3. `bloom_set_research_consent` sets the research flag and its consent record together
 *    (consents/consents.ts's rule: a flag that is on has exactly one open record, one that is off
 *    none), in one call. Its first statement updates the person's row, which holds the row lock
 *    that `withUserLock` takes, so it takes turns with every other consent or account change of
 *    that person, and its later statements see what those committed. False when the person is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function bloom_session_change_notice() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'sessions' then
        if tg_op = 'UPDATE' and new.id = old.id and new.user_id = old.user_id
          and new.created_at = old.created_at and new.absolute_expires_at = old.absolute_expires_at
          and new.last_seen_at >= old.last_seen_at and new.idle_expires_at >= old.idle_expires_at then
          return null;
        end if;
        perform pg_notify('bloom_session_changes', json_build_object('session', old.id)::text);
      elsif tg_op = 'UPDATE'
        and (to_jsonb(new) - 'last_visited_route' - 'updated_at') = (to_jsonb(old) - 'last_visited_route' - 'updated_at')
        and octet_length(coalesce(new.last_visited_route, '')) < 4000 then
        perform pg_notify('bloom_session_changes',
          json_build_object('progress', new.id, 'route', new.last_visited_route, 'updatedAt', new.updated_at)::text);
      else
        perform pg_notify('bloom_session_changes', json_build_object('user', old.id)::text);
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger users_session_change_notice after update or delete on users
    for each row execute function bloom_session_change_notice()
  `.execute(db);
  await sql`
    create trigger sessions_session_change_notice after update or delete on sessions
    for each row execute function bloom_session_change_notice()
  `.execute(db);
  await sql`
    create function bloom_save_answers(
      p_assessment text, p_questions text[], p_responses integer[], p_orders integer[], p_now text, p_needed integer
    ) returns boolean language plpgsql as $$
    declare
      answered integer;
    begin
      perform 1 from assessments where id = p_assessment for update;
      if not found then
        return false;
      end if;
      insert into responses (assessment_id, question_guid, response, order_index, updated_at)
        select p_assessment, question, answer, position, p_now
        from unnest(p_questions, p_responses, p_orders) as page (question, answer, position)
        on conflict (assessment_id, question_guid) do update
          set response = excluded.response, order_index = excluded.order_index, updated_at = excluded.updated_at;
      select count(*) into answered from responses where assessment_id = p_assessment;
      if answered >= p_needed then
        update assessments set completed_at = p_now where id = p_assessment and completed_at is null;
      else
        update assessments set completed_at = null where id = p_assessment and completed_at is not null;
      end if;
      return true;
    end
    $$
  `.execute(db);
  await sql`
    create function bloom_set_research_consent(p_user text, p_granted boolean, p_now text, p_consent_id text)
    returns boolean language plpgsql as $$
    begin
      update users set research_opt_in = case when p_granted then 1 else 0 end, updated_at = p_now where id = p_user;
      if not found then
        return false;
      end if;
      update consents set revoked_at = p_now, revoked_by = p_user
        where user_id = p_user and kind = 'research' and revoked_at is null and (not p_granted or subject_id is not null);
      if p_granted and not exists (
        select 1 from consents where user_id = p_user and kind = 'research' and revoked_at is null and subject_id is null
      ) then
        insert into consents (id, user_id, kind, subject_id, granted_at, revoked_at, granted_by, revoked_by)
          values (p_consent_id, p_user, 'research', null, p_now, null, p_user, null);
      end if;
      return true;
    end
    $$
  `.execute(db);
}
