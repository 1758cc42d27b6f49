/**
 * The reads behind organization insight (DESIGN §14; issue 27; decision 0029).
 *
 * One query, whatever the number of members, returns each member's counted
 * assessments and nothing else: the latest assessment they shared with the coach that meets the
 * coverage rule (now), and the latest such one started before the previous quarter's end (then),
 * with the answers of only those (and only of the members the caller will score). The coverage
 * rule is evaluated in SQL (`qualifies`), built from the domain's own questions and thresholds;
 * each member's assessments are walked latest first (by start time, then id, the order the index
 * `assessments_by_user_idx` holds on SQLite) and the walk stops at the first that qualifies. A
 * member's older assessments and their answers are never read.
 *
 * Before (until 2026-11-27) one query read every shared assessment of every member with its
 * answers and the coverage rule ran in JavaScript; at 10,000 members that was 23,000 rows and
 * 900,000 answers, most of them not counted (docs/performance.md, "Organization insight at
 * 10,000 clients").
 */
import { assessmentCoverage, normalizeGuid, questionsForTrack, RESULT_MODULES, type Track } from '@bloom/domain';
import { sql, type RawBuilder } from 'kysely';
import { aggregatedAnswers } from '../assessments/aggregated-answers';
import type { Db } from '../db/database';
import { onPostgres } from '../db/dialect';

/** One counted assessment: its answers aggregated (`parseAggregatedAnswers`), or null when they were not asked for. */
export interface CountedAssessment {
  readonly assessmentId: string;
  readonly isNinetyItem: boolean;
  readonly answers: string | null;
}

/** One member who counts now (a client of the coach in one of the organization's groups, not merged away). */
export interface CountedMemberRow {
  readonly userId: string;
  readonly groupId: string;
  readonly organizationId: string;
  readonly now: CountedAssessment;
  /** Their counted assessment as of the previous quarter's end; null when they had none then. Its answers are null when it is `now`'s. */
  readonly previous: CountedAssessment | null;
}

/** Whose answers to read: the members of one group only (GetGroupInsight) or all; and those of then, or only of now (the CSV). */
export interface AnswersWanted {
  readonly groupId?: string;
  readonly previous: boolean;
}

interface Row {
  user_id: string;
  group_id: string;
  organization_id: string;
  now_id: string;
  now_ninety: number | string;
  now_answers: string | null;
  previous_id: string | null;
  previous_ninety: number | string | null;
  previous_answers: string | null;
}

/**
 * The counted members of some organizations of the coach (one for the insight calls, a batch for
 * the CSV) and their counted assessments. One query. Clients who shared nothing that meets the
 * coverage rule are not here: they are not counted.
 */
export async function countedMembers(db: Db, coachId: string, organizationIds: readonly string[], quarterEnd: string, wanted: AnswersWanted): Promise<CountedMemberRow[]> {
  if (organizationIds.length === 0) return [];
  const answersOf = (assessment: string) => sql`(select ${aggregatedAnswers(db)} from responses where responses.assessment_id = ${sql.ref(`${assessment}.id`)})`;
  const inGroup = wanted.groupId === undefined ? sql`1 = 1` : sql`picked.group_id = ${wanted.groupId}`;
  const previousAnswers = wanted.previous ? sql`case when ${inGroup} and counted_then.id <> counted_now.id then ${answersOf('counted_then')} end` : sql`null`;
  const query = sql<Row>`
    with members as (
      select users.id as user_id, users.group_id, groups.organization_id
      from organizations
      join groups on groups.organization_id = organizations.id
      join users on users.group_id = groups.id
      where organizations.id in (${sql.join(organizationIds)}) and organizations.coach_id = ${coachId} and users.coach_id = ${coachId} and users.merged_into is null
    ),
    ${pickedSql(onPostgres(db), quarterEnd)}
    select picked.user_id, picked.group_id, picked.organization_id,
      counted_now.id as now_id, counted_now.is_ninety_item as now_ninety, case when ${inGroup} then ${answersOf('counted_now')} end as now_answers,
      counted_then.id as previous_id, counted_then.is_ninety_item as previous_ninety, ${previousAnswers} as previous_answers
    from picked
    join assessments counted_now on counted_now.id = picked.now_id
    left join assessments counted_then on counted_then.id = picked.previous_id`;
  const { rows } = await query.execute(db);
  return rows.map((row) => ({
    userId: row.user_id,
    groupId: row.group_id,
    organizationId: row.organization_id,
    now: { assessmentId: row.now_id, isNinetyItem: Number(row.now_ninety) === 1, answers: row.now_answers },
    previous: row.previous_id === null ? null : { assessmentId: row.previous_id, isNinetyItem: Number(row.previous_ninety) === 1, answers: row.previous_answers },
  }));
}

/**
 * `picked`: each member's shared assessments walked latest first, by start time then id (code
 * units: SQLite's text order, as JavaScript's; PostgreSQL orders by the database's collation
 * unless told `collate "C"`), stopping at the first that meets the rule. On SQLite the index
 * `assessments_by_user_idx` serves that order, so the walk stops at the member's latest assessment
 * when it qualifies, as most do; on PostgreSQL no index serves the "C" order and the member's few
 * shared assessments are sorted.
 */
function pickedSql(pg: boolean, quarterEnd: string): RawBuilder<unknown> {
  const binary = sql.raw(pg ? ' collate "C"' : '');
  const latest = (before: boolean) => sql`(
    select a.id from assessments a
    where a.user_id = members.user_id and a.coach_access_granted = 1${before ? sql` and a.created_at${binary} < ${quarterEnd}` : sql``} and ${coverageSql(pg)}
    order by a.created_at${binary} desc, a.id${binary} desc
    limit 1)`;
  return sql`picked as materialized (
      select members.user_id, members.group_id, members.organization_id, ${latest(false)} as now_id, ${latest(true)} as previous_id
      from members
    )`;
}

/**
 * The coach's organizations and their groups, by name ("No Group" placement is the caller's),
 * with the number of the coach's clients in each group (what the CSV sizes its batches by): one query.
 */
export async function organizationsAndGroups(
  db: Db,
  coachId: string,
): Promise<Array<{ organizationId: string; organizationName: string; groupId: string | null; groupName: string | null; clients: number }>> {
  const rows = await db
    .selectFrom('organizations')
    .leftJoin('groups', 'groups.organization_id', 'organizations.id')
    .select((eb) => [
      'organizations.id as organization_id',
      'organizations.name as organization_name',
      'groups.id as group_id',
      'groups.name as group_name',
      eb
        .selectFrom('users')
        .select(eb.fn.countAll().as('clients'))
        .whereRef('users.group_id', '=', 'groups.id')
        .where('users.coach_id', '=', coachId)
        .where('users.merged_into', 'is', null)
        .as('clients'),
    ])
    .where('organizations.coach_id', '=', coachId)
    .orderBy('organizations.name')
    .orderBy('organizations.id')
    .orderBy('groups.name')
    .orderBy('groups.id')
    .execute();
  return rows.map((row) => ({ organizationId: row.organization_id, organizationName: row.organization_name, groupId: row.group_id, groupName: row.group_name, clients: Number(row.clients ?? 0) }));
}

// ── The coverage rule in SQL ─────────────────────────────────────────────────

/**
 * What JavaScript's `String.prototype.trim` removes (`normalizeGuid` trims, then lowercases):
 * every UTF-16 code unit that trims to nothing, asked of the engine itself.
 */
const TRIMMED = (() => {
  let characters = '';
  for (let code = 0; code <= 0xffff; code++) if (String.fromCharCode(code).trim() === '') characters += String.fromCharCode(code);
  return characters;
})();

/**
 * The question keys SQL may compare with: a content guid in normal form is lowercase hex and
 * dashes. That is what makes SQL's `lower` (ASCII only on SQLite) and `trim` with `TRIMMED`
 * agree with `normalizeGuid` on every stored guid that could equal one of them, and what lets
 * the keys be written into the statement as literals.
 */
export const SQL_SAFE_KEY = /^[0-9a-f-]+$/;

const literalList = (keys: readonly string[]) => `(${keys.map((key) => `'${key}'`).join(', ')})`;

/**
 * One track's rule, as `assessmentCoverage(answers, track).hasResults` states it: for each
 * result module, the number of its questions with a valid answer (0 to 4) reaches the module's
 * threshold. A question counts once whatever forms of its guid were stored, when any of them has
 * a valid answer (`coverage.ts`: "another form of a guid counts only when no other form of it was
 * counted"): the count of distinct normal forms. The API stores normal forms only, so a first
 * test over the stored guids as they are (a count that can only be lower) decides nearly every
 * assessment, and the exact one, which normalizes every guid, runs only for those it turns down.
 */
function trackRule(track: Track, pg: boolean): string {
  const questions = questionsForTrack(track);
  const unsafe = questions.map((question) => normalizeGuid(question.questionGuid)).find((key) => !SQL_SAFE_KEY.test(key));
  if (unsafe !== undefined) throw new Error(`Question guid ${unsafe} is not lowercase hex: the coverage rule in SQL would not match normalizeGuid.`);
  const required = new Map(assessmentCoverage(new Map(), track).modules.map((module) => [module.moduleName, module.required]));
  const normal = pg ? `lower(btrim(r.question_guid, '${TRIMMED}'))` : `lower(trim(r.question_guid, '${TRIMMED}'))`;
  const modules = RESULT_MODULES.map((moduleName) => ({
    required: required.get(moduleName)!,
    keys: literalList(questions.filter((question) => question.module === moduleName).map((question) => normalizeGuid(question.questionGuid))),
  }));
  const answersOfA = 'from responses r where r.assessment_id = a.id and r.response in (0, 1, 2, 3, 4)';
  const asStored = modules.map((module) => `sum(case when r.question_guid in ${module.keys} then 1 else 0 end) >= ${module.required}`).join(' and ');
  const exactly = modules.map((module) => `count(distinct case when ${normal} in ${module.keys} then ${normal} end) >= ${module.required}`).join(' and ');
  return `((select ${asStored} ${answersOfA}) or (select ${exactly} ${answersOfA}))`;
}

const coverage = new Map<boolean, RawBuilder<unknown>>();

/** Whether assessment `a` meets the coverage rule of its track (true or 1), in the dialect's SQL; built once per dialect. */
function coverageSql(pg: boolean): RawBuilder<unknown> {
  let rule = coverage.get(pg);
  if (!rule) {
    rule = sql.raw(`(case when a.is_ninety_item = 1 then ${trackRule('Professional', pg)} else ${trackRule('Rapid', pg)} end)`);
    coverage.set(pg, rule);
  }
  return rule;
}
