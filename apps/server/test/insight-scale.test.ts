import { INSIGHT_CSV_COLUMNS, INSIGHT_REASON_TEXT } from '@bloom/contracts';
import {
  assessmentCoverage,
  decideInsight,
  insightFigures,
  previousQuarter,
  questionsForTrack,
  scoreAssessment,
  scoresChange,
  WELLBEING_PETALS,
  type AssessmentScores,
  type FigureDecision,
  type ProgressScores,
  type Quarter,
  type Track,
} from '@bloom/domain';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregatedAnswers, parseAggregatedAnswers } from '../src/assessments/aggregated-answers';
import { isDefaultGroupName } from '../src/coaching/organizations';
import type { Db } from '../src/db/database';
import { csvRow, type CsvValue } from '../src/export/csv';
import { newId } from '../src/lib/crypto';
import { coach, newGroup, newOrganization, type Person } from './coach-fixtures';
import { startTestServer, type TestServer } from './harness';
import { queriesDuring } from './support/query-count';

/**
 * Organization insight at scale (DESIGN §14; decision 0029; docs/performance.md, "Organization
 * insight at 10,000 clients"). Since 2026-11-27 the database picks each member's counted
 * assessments (the coverage rule in SQL) and only those are read and scored. Here:
 * - every answer equals the computation it replaced (kept below as `reference`: every shared
 *   assessment read with its answers, the coverage rule and the choice in JavaScript) on data
 *   built to reach every corner of the rule: ties in start time, the previous quarter's edge,
 *   shared and not, below and exactly at the coverage threshold, guids stored in other forms
 *   (case, whitespace that JavaScript trims and a zero-width space it does not), answers off the
 *   scale, the other form's questions, merged and foreign clients;
 * - the number of queries does not grow with the members;
 * - a long call gives the event loop back between slices of work.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const MEMBERS = Number(process.env.INSIGHT_SCALE_MEMBERS ?? 600);
const NOW = new Date().toISOString();
const QUARTER = previousQuarter(NOW);

// ── Data ─────────────────────────────────────────────────────────────────────

/** A small deterministic generator (mulberry32), so a failure can be reproduced. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Rows {
  users: Array<Record<string, unknown>>;
  assessments: Array<Record<string, unknown>>;
  responses: Array<{ assessment_id: string; question_guid: string; response: number; order_index: number; updated_at: string }>;
}

const emptyRows = (): Rows => ({ users: [], assessments: [], responses: [] });

function userRow(id: string, coachId: string, groupId: string, mergedInto: string | null = null) {
  return {
    id,
    issuer: 'insight-scale',
    subject: id,
    user_name: `${id}@bloom.test`,
    email: `${id}@bloom.test`,
    first_name: 'Scale',
    last_name: 'Member',
    is_guest: 0,
    coach_status: 'none',
    coach_id: coachId,
    group_id: groupId,
    research_opt_in: 0,
    access_pre_granted: 0,
    last_visited_route: null,
    referrer: null,
    merged_into: mergedInto,
    created_at: NOW,
    updated_at: NOW,
  };
}

async function insertRows(db: Db, rows: Rows): Promise<void> {
  for (let i = 0; i < rows.users.length; i += 500) await db.insertInto('users').values(rows.users.slice(i, i + 500) as never).execute();
  for (let i = 0; i < rows.assessments.length; i += 500) await db.insertInto('assessments').values(rows.assessments.slice(i, i + 500) as never).execute();
  for (let i = 0; i < rows.responses.length; i += 2000) await db.insertInto('responses').values(rows.responses.slice(i, i + 2000)).execute();
}

/** Other forms of a guid: some that `normalizeGuid` maps back to it (case, whitespace JavaScript trims), one it does not (a zero-width space). */
const OTHER_FORMS: Array<(guid: string) => string> = [
  (g) => g.toUpperCase(),
  (g) => ` ${g}`,
  (g) => `${g}\t`,
  (g) => `\u00a0${g.toUpperCase()}`,
  (g) => `${g}\u3000`,
  (g) => `\ufeff${g}\n`,
  (g) => `\u200b${g}`,
];

/**
 * One assessment's stored answers, of one of several kinds. Answers off the scale are put only
 * where scoring never reads them (another form of a guid), or where they keep the assessment
 * below the rule, as scoring throws on one it reads.
 */
function answersOf(track: Track, next: () => number): Array<{ guid: string; response: number; order: number }> {
  const questions = questionsForTrack(track);
  const other = questionsForTrack(track === 'Rapid' ? 'Professional' : 'Rapid');
  const value = () => Math.floor(next() * 5);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const required = new Map<string, number>(assessmentCoverage(new Map(), track).modules.map((m) => [m.moduleName, m.required]));
  const byModule = (name: string) => questions.filter((q) => q.module === name);
  const all = (list: typeof questions) => list.map((q) => ({ guid: q.questionGuid, response: value(), order: q.order }));
  const kind = next();
  if (kind < 0.5) return all(questions);
  if (kind < 0.58) {
    // Exactly at the threshold in Experiences and Feelings (or one short in one of them).
    const short = next() < 0.5 ? pick(['Experiences', 'Feelings']) : null;
    return ['Experiences', 'Feelings'].flatMap((name) => all(byModule(name).slice(0, required.get(name)! - (name === short ? 1 : 0))));
  }
  if (kind < 0.66) {
    // Below the rule: a few answers only.
    return all(questions.slice(0, 1 + Math.floor(next() * 8)));
  }
  if (kind < 0.8) {
    // Some guids in another form; the threshold met or missed depending on which forms count.
    return ['Experiences', 'Feelings', 'Energy'].flatMap((name) => {
      const list = byModule(name);
      const keep = required.get(name)! - 2 + Math.floor(next() * 3);
      return list.slice(0, keep).map((q, i) => {
        const form = i < keep - 3 ? q.questionGuid : pick(OTHER_FORMS)(q.questionGuid);
        return { guid: form, response: value(), order: q.order };
      });
    });
  }
  if (kind < 0.88) {
    // Two forms of the same question, each counting once: both valid; another form off the scale;
    // no normal form but two others. Then the last answer needed, in another form, valid or not.
    const base = ['Experiences', 'Feelings'].flatMap((name) => byModule(name).slice(0, required.get(name)! - 1));
    const twice = new Set(base.slice(0, 4));
    const variant = Math.floor(next() * 3);
    const trimmed = OTHER_FORMS.slice(0, 6);
    return [
      ...base.filter((q) => variant !== 2 || !twice.has(q)).map((q) => ({ guid: q.questionGuid, response: value(), order: q.order })),
      ...[...twice].map((q) => ({ guid: trimmed[0]!(q.questionGuid), response: variant === 1 ? 9 : value(), order: q.order })),
      ...(variant === 2 ? [...twice].map((q) => ({ guid: trimmed[1 + Math.floor(next() * 5)]!(q.questionGuid), response: value(), order: q.order })) : []),
      ...['Experiences', 'Feelings'].map((name) => {
        const q = byModule(name)[required.get(name)! - 1]!;
        return { guid: pick(trimmed)(q.questionGuid), response: next() < 0.3 ? 7 : value(), order: q.order };
      }),
    ];
  }
  if (kind < 0.94) {
    // Below the rule because an answer is off the scale.
    return ['Experiences', 'Feelings'].flatMap((name) => byModule(name).slice(0, required.get(name)!).map((q, i) => ({ guid: q.questionGuid, response: i === 0 ? -1 : value(), order: q.order })));
  }
  if (kind < 0.98) {
    // The other form's questions: they never count.
    return [...all(questions.slice(0, 4)), ...other.map((q) => ({ guid: q.questionGuid, response: value(), order: q.order }))];
  }
  return [];
}

/** A timestamp: this quarter, the previous one's last moments, the next quarter's first, or long ago. */
function startedAt(next: () => number): string {
  const end = Date.parse(QUARTER.end);
  const r = next();
  if (r < 0.35) return new Date(Date.parse(NOW) - Math.floor(next() * (Date.parse(NOW) - end))).toISOString();
  if (r < 0.45) return new Date(end - 1 - Math.floor(next() * 3)).toISOString();
  if (r < 0.5) return QUARTER.end;
  return new Date(end - Math.floor(next() * 400 * 86_400_000)).toISOString();
}

/** Members in the groups (skewed, so some groups are small), each with 0 to 4 assessments. */
function membersIn(coachId: string, groups: readonly string[], count: number, seed: number, rows: Rows): string[] {
  const next = random(seed);
  const ids: string[] = [];
  for (let m = 0; m < count; m++) {
    const id = newId();
    const group = groups[Math.min(groups.length - 1, Math.floor(next() ** 2 * groups.length))]!;
    rows.users.push(userRow(id, coachId, group));
    ids.push(id);
    let last: string | null = null;
    const assessments = Math.floor(next() * 5);
    for (let a = 0; a < assessments; a++) {
      const track: Track = next() < 0.25 ? 'Professional' : 'Rapid';
      // Some start at the same moment as the member's one before: the id decides which is later.
      const at: string = last !== null && next() < 0.15 ? last : startedAt(next);
      last = at;
      const assessmentId = newId();
      rows.assessments.push({ id: assessmentId, user_id: id, is_ninety_item: track === 'Professional' ? 1 : 0, coach_access_granted: next() < 0.85 ? 1 : 0, client_access_granted: 0, created_at: at, completed_at: at });
      for (const answer of answersOf(track, next)) rows.responses.push({ assessment_id: assessmentId, question_guid: answer.guid, response: answer.response, order_index: answer.order, updated_at: at });
    }
  }
  return ids;
}

// ── The computation replaced on 2026-11-27, kept as the reference ────────────

interface SharedAssessment {
  assessmentId: string;
  userId: string;
  groupId: string;
  organizationId: string;
  isNinetyItem: boolean;
  createdAt: string;
  answers: Map<string, number>;
}

async function everySharedAssessment(db: Db, coachId: string, organizationId: string): Promise<SharedAssessment[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('groups', 'groups.id', 'users.group_id')
    .innerJoin('organizations', 'organizations.id', 'groups.organization_id')
    .innerJoin('assessments', 'assessments.user_id', 'users.id')
    .innerJoin('responses', 'responses.assessment_id', 'assessments.id')
    .where('organizations.coach_id', '=', coachId)
    .where('users.coach_id', '=', coachId)
    .where('users.merged_into', 'is', null)
    .where('assessments.coach_access_granted', '=', 1)
    .where('organizations.id', '=', organizationId)
    .select((eb) => [
      'assessments.id',
      eb.fn.max('users.id').as('user_id'),
      eb.fn.max('groups.id').as('group_id'),
      eb.fn.max('organizations.id').as('organization_id'),
      eb.fn.max('assessments.is_ninety_item').as('is_ninety_item'),
      eb.fn.max('assessments.created_at').as('created_at'),
      aggregatedAnswers(db).as('answers'),
    ])
    .groupBy('assessments.id')
    .execute();
  return rows.map((row) => ({
    assessmentId: row.id,
    userId: row.user_id as string,
    groupId: row.group_id as string,
    organizationId: row.organization_id as string,
    isNinetyItem: Number(row.is_ninety_item) === 1,
    createdAt: row.created_at as string,
    answers: parseAggregatedAnswers(row.answers),
  }));
}

interface ReferenceMember {
  userId: string;
  groupId: string;
  now: SharedAssessment;
  previous: SharedAssessment | null;
}

const latestFirst = (a: SharedAssessment, b: SharedAssessment) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.assessmentId < b.assessmentId ? 1 : a.assessmentId > b.assessmentId ? -1 : 0;

/** Each member's counted assessments, chosen in JavaScript; members in user id order, as the service sums them. */
function countMembers(rows: readonly SharedAssessment[], quarter: Quarter): ReferenceMember[] {
  const byMember = new Map<string, SharedAssessment[]>();
  for (const row of rows) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row]);
  const members: ReferenceMember[] = [];
  for (const assessments of byMember.values()) {
    const qualifying = assessments.sort(latestFirst).filter((a) => assessmentCoverage(a.answers, a.isNinetyItem ? 'Professional' : 'Rapid').hasResults);
    const now = qualifying[0];
    if (!now) continue;
    members.push({ userId: now.userId, groupId: now.groupId, now, previous: qualifying.find((a) => a.createdAt < quarter.end) ?? null });
  }
  return members.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}

function referenceDecision(members: readonly ReferenceMember[]) {
  const counts = new Map<string, { now: number; previous: number; changed: number }>();
  for (const member of members) {
    const c = counts.get(member.groupId) ?? { now: 0, previous: 0, changed: 0 };
    c.now += 1;
    if (member.previous) c.previous += 1;
    if (member.previous?.assessmentId !== member.now.assessmentId) c.changed += 1;
    counts.set(member.groupId, c);
  }
  return decideInsight({ groups: [...counts].map(([id, c]) => ({ id, ...c })) });
}

const score = (a: SharedAssessment): AssessmentScores => scoreAssessment({ isNinetyItem: a.isNinetyItem, answers: a.answers });

function referencePresent(decision: FigureDecision, members: readonly ReferenceMember[], quarter: Quarter): unknown {
  if (!decision.shown) return { shown: false, n: null, reason: decision.reason };
  const now = insightFigures(members.map((m) => score(m.now)));
  let previous: unknown;
  if (decision.comparison.shown) {
    const then = insightFigures(members.flatMap((m) => (m.previous ? [score(m.previous)] : [])));
    previous = { quarter: quarter.label, asOf: quarter.end, shown: true, n: then.n, chartData: then.chartData, scores: then.scores, change: scoresChange(now.scores, then.scores), kind: 'change' };
  } else {
    previous = { quarter: quarter.label, asOf: quarter.end, shown: false, reason: decision.comparison.reason, n: null };
  }
  return { shown: true, n: now.n, chartData: now.chartData, scores: now.scores, previousQuarter: previous };
}

const HIDDEN_EMPTY: FigureDecision = { shown: false, reason: 'fewer-than-five' };
const SCORE_COLUMNS = ['overall', 'experiences', 'feelings', 'mindset', 'resilience', 'energy'] as const;
const rounded = (value: number | null): number | null => (value === null ? null : Math.round(value * 100) / 100);

function referenceCsvLine(organization: string, group: string, answer: { shown: boolean; n?: number | null; reason?: keyof typeof INSIGHT_REASON_TEXT; scores?: ProgressScores }): string {
  const scores = answer.shown ? answer.scores! : undefined;
  const cells: CsvValue[] = scores
    ? [...SCORE_COLUMNS.map((key) => rounded(scores[key])), ...WELLBEING_PETALS.map((petal) => rounded(scores.petals[petal]))]
    : [...SCORE_COLUMNS, ...WELLBEING_PETALS].map(() => null);
  return csvRow([organization, group, answer.shown ? answer.n! : null, answer.shown, answer.shown ? null : INSIGHT_REASON_TEXT[answer.reason!], ...cells]);
}

// ── Tests ────────────────────────────────────────────────────────────────────

/** The answers as the API sends them, for a strict comparison with the reference's objects. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('organization insight at scale', () => {
  let owner: Person;
  const organizations: Array<{ id: string; name: string; groups: Array<{ id: string; name: string }> }> = [];

  beforeAll(async () => {
    owner = await coach(server);
    const other = await coach(server);
    const rows = emptyRows();
    for (const [index, size] of [MEMBERS, 40, 7].entries()) {
      const name = `Scale Org ${index}`;
      const organization = await newOrganization(owner, name);
      const groups = [{ id: organization.defaultGroupGuid, name: 'No Group' }];
      for (const groupName of ['Alder', 'Birch', 'Cedar', 'Damson'].slice(0, index === 2 ? 1 : 4)) groups.push({ id: await newGroup(owner, organization.organizationGuid, groupName), name: groupName });
      organizations.push({ id: organization.organizationGuid, name, groups });
      const ids = membersIn(
        owner.id,
        groups.map((g) => g.id),
        size,
        1000 + index,
        rows,
      );
      // A merged guest keeps their rows but is no longer counted; a client of another coach in the same group never was.
      for (const id of ids.slice(0, 3)) Object.assign(rows.users.find((u) => u.id === id)!, { merged_into: owner.id });
      membersIn(other.id, [groups[1]!.id], 3, 2000 + index, rows);
    }
    await insertRows(server.database.db, rows);
  }, 120_000);

  it('answers every organization, group and the CSV exactly as the computation it replaced', async () => {
    const db = server.database.db;
    let csv = csvRow(INSIGHT_CSV_COLUMNS);
    const seen = { shownComparison: 0, withheldComparison: 0, hiddenGroup: 0 };
    for (const organization of [...organizations].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const members = countMembers(await everySharedAssessment(db, owner.id, organization.id), QUARTER);
      const decision = referenceDecision(members);
      const unit = referencePresent(decision.unit, members, QUARTER);
      const response = await owner.client.get(`/api/coach/GetOrganizationInsight/${organization.id}`);
      expect(response.status).toBe(200);
      expect(response.body, organization.name).toStrictEqual(asJson(unit));
      csv += referenceCsvLine(organization.name, '', unit as never);
      const groups = [...organization.groups].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1)).sort((a, b) => Number(isDefaultGroupName(b.name)) - Number(isDefaultGroupName(a.name)));
      for (const group of groups) {
        const figure = decision.groups.get(group.id) ?? HIDDEN_EMPTY;
        const expected = referencePresent(
          figure,
          members.filter((m) => m.groupId === group.id),
          QUARTER,
        );
        const answer = await owner.client.get(`/api/coach/GetGroupInsight/${group.id}`);
        expect(answer.status).toBe(200);
        expect(answer.body, `${organization.name}/${group.name}`).toStrictEqual(asJson(expected));
        csv += referenceCsvLine(organization.name, group.name, expected as never);
        if (!figure.shown) seen.hiddenGroup += 1;
        else if (figure.comparison.shown) seen.shownComparison += 1;
        else seen.withheldComparison += 1;
      }
    }
    const exported = await owner.client.get('/api/coach/ExportInsightCsv');
    expect(exported.status).toBe(200);
    expect(exported.text.replace(/^\ufeff/, '')).toBe(csv);
    // The data reached each kind of answer.
    expect(seen.shownComparison).toBeGreaterThan(0);
    expect(seen.withheldComparison + seen.hiddenGroup).toBeGreaterThan(0);
  }, 120_000);

  it('reads as many queries for an organization of 60 members as for one of 5: insight, group insight and the CSV', async () => {
    const queriesOf = async (members: number) => {
      const somebody = await coach(server);
      const organization = await newOrganization(somebody, `Count ${members}`);
      const group = await newGroup(somebody, organization.organizationGuid, 'Counted');
      const rows = emptyRows();
      membersIn(somebody.id, [group, organization.defaultGroupGuid], members, 3000 + members, rows);
      await insertRows(server.database.db, rows);
      const counts: number[] = [];
      for (const path of [`/api/coach/GetOrganizationInsight/${organization.organizationGuid}`, `/api/coach/GetGroupInsight/${group}`, '/api/coach/ExportInsightCsv']) {
        counts.push(await queriesDuring(server, async () => expect((await somebody.client.get(path)).status).toBe(200)));
      }
      return counts;
    };
    // The counter sees every query of the process: the housekeeping sweep (which a coach's sign-in
    // sets off when none ran for five minutes) and the mail dispatcher's polls would be counted
    // with a call they happened to overlap (it failed so once under load).
    await server.app.housekeeping.stop();
    await server.app.mail.stop();
    try {
      const few = await queriesOf(5);
      const many = await queriesOf(60);
      expect(few.every((count) => count > 0)).toBe(true);
      expect(many).toEqual(few);
    } finally {
      server.app.housekeeping.start();
      server.app.mail.start();
    }
  }, 60_000);
});

describe('a long insight call', () => {
  const BUSY_MEMBERS = 3_000;
  it('gives the event loop back between slices of work: no pause lasts three quarters of the call', async () => {
    const somebody = await coach(server);
    const organization = await newOrganization(somebody, 'Busy Org');
    const rows = emptyRows();
    const questions = questionsForTrack('Rapid');
    for (let m = 0; m < BUSY_MEMBERS; m++) {
      const id = newId();
      rows.users.push(userRow(id, somebody.id, organization.defaultGroupGuid));
      const assessmentId = newId();
      rows.assessments.push({ id: assessmentId, user_id: id, is_ninety_item: 0, coach_access_granted: 1, client_access_granted: 0, created_at: NOW, completed_at: NOW });
      for (const q of questions) rows.responses.push({ assessment_id: assessmentId, question_guid: q.questionGuid, response: (m + q.order) % 5, order_index: q.order, updated_at: NOW });
    }
    await insertRows(server.database.db, rows);
    const path = `/api/coach/GetOrganizationInsight/${organization.organizationGuid}`;
    expect((await somebody.client.get(path)).status).toBe(200);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const started = performance.now();
    const response = await somebody.client.get(path);
    const took = performance.now() - started;
    delay.disable();
    if (process.env.INSIGHT_SCALE_LOG) console.log(`call ${Math.round(took)} ms, longest pause ${Math.round(delay.max / 1e6)} ms`);
    expect(response.status).toBe(200);
    expect((response.body as { n: number }).n).toBe(BUSY_MEMBERS);
    // Before, reading, checking and scoring every assessment ran as one block: the longest pause
    // was the whole call. Now the longest is the query (on SQLite, where it runs on the event
    // loop; under half the call here) and scoring goes a slice at a time.
    expect(delay.max / 1e6, `longest pause of a ${Math.round(took)} ms call`).toBeLessThan((took * 3) / 4);
  }, 60_000);
});
