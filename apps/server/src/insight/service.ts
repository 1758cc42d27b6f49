/**
 * Organization insight, the anonymous group lotus (DESIGN §14; issue 27; decision 0029).
 *
 * A member counts when their latest assessment that meets the coverage rule is shared with the
 * coach (now), and, for the previous quarter, when such an assessment of theirs was started
 * before that quarter ended (sharing and answers as they are today). Each organization is
 * decided as a whole by the domain's rule (`decideInsight`), so a group's answer depends on its
 * siblings; a hidden figure carries its reason and nothing else.
 *
 * The database picks each member's counted assessments (repository.ts) and returns the answers
 * of only those; the rule needs only the counts, so only the assessments a figure shown needs
 * are scored, a slice at a time (`Turns`), keeping of each no more than the figures read.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { INSIGHT_CSV_COLUMNS, INSIGHT_REASON_TEXT, type Insight, type InsightPreviousQuarter } from '@bloom/contracts';
import {
  decideInsight,
  eightPetalData,
  meanChartData,
  meanScores,
  previousQuarter,
  progressScoresFrom,
  scoresChange,
  scoreAssessment,
  WELLBEING_PETALS,
  type FigureDecision,
  type InsightFigures,
  type InsightGroupCounts,
  type PetalChartItem,
  type ProgressScores,
  type Quarter,
  type UnitDecision,
} from '@bloom/domain';
import { parseAggregatedAnswers } from '../assessments/aggregated-answers';
import { isDefaultGroupName } from '../coaching/organizations';
import type { Db } from '../db/database';
import { csvRow, type CsvValue } from '../export/csv';
import { countedMembers, organizationsAndGroups, type AnswersWanted, type CountedAssessment, type CountedMemberRow } from './repository';

/** What the handlers answer: the contract's shape, holding the domain's read-only chart data as it is. */
type DeepReadonly<T> = T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;
export type InsightAnswer = DeepReadonly<Insight>;

// ── Turns ────────────────────────────────────────────────────────────────────

/**
 * Scoring 10,000 assessments takes a few hundred milliseconds, and on SQLite every query runs
 * on the event loop too. A call works in slices of about this long and then lets the other
 * requests waiting on this instance go first (`setImmediate`), so one coach's insight delays
 * them by a slice, not by the whole call.
 */
const SLICE_MS = 15;

class Turns {
  private sliceStart = performance.now();

  /** Gives the event loop a turn when the current slice has run its time. */
  async take(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await nextTurn();
    this.sliceStart = performance.now();
  }
}

// ── Who is counted ───────────────────────────────────────────────────────────

/**
 * The counted members of one organization, or of a batch of them (the CSV). In user id order, so that the means are summed in the same order on every database and
 * by every plan: the same data gives the same figures to the last bit.
 */
async function membersOf(db: Db, coachId: string, organizationIds: readonly string[], quarter: Quarter, wanted: AnswersWanted, turns: Turns): Promise<CountedMemberRow[]> {
  const members = await countedMembers(db, coachId, organizationIds, quarter.end, wanted);
  await turns.take();
  return members.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}

/** One organization's counts per group, as the rule reads them. */
function groupCounts(members: readonly CountedMemberRow[]): InsightGroupCounts[] {
  const counts = new Map<string, { now: number; previous: number; changed: number }>();
  for (const member of members) {
    const c = counts.get(member.groupId) ?? { now: 0, previous: 0, changed: 0 };
    c.now += 1;
    if (member.previous) c.previous += 1;
    if (member.previous?.assessmentId !== member.now.assessmentId) c.changed += 1;
    counts.set(member.groupId, c);
  }
  return [...counts].map(([id, c]) => ({ id, ...c }));
}

const decideOrganization = (members: readonly CountedMemberRow[]): UnitDecision => decideInsight({ groups: groupCounts(members) });

// ── Figures ──────────────────────────────────────────────────────────────────

/** What a figure needs of one counted assessment: its GetProgress scores, and its eight-petal chart (not for the CSV). */
interface Scored {
  readonly progress: ProgressScores;
  readonly chart: PetalChartItem[] | null;
}

/**
 * Scores each assessment once, when a figure shown first needs it (a member who did not
 * re-assess counts the same one in both periods), and keeps only what the figures read: not the
 * answers, not the whole AssessmentScores.
 */
class Scorer {
  private readonly scored = new Map<string, Scored>();
  private readonly answers = new Map<string, CountedAssessment>();

  constructor(
    members: readonly CountedMemberRow[],
    private readonly withCharts: boolean,
    private readonly turns: Turns,
  ) {
    for (const member of members) {
      if (member.now.answers !== null) this.answers.set(member.now.assessmentId, member.now);
      if (member.previous?.answers != null) this.answers.set(member.previous.assessmentId, member.previous);
    }
  }

  async all(assessments: readonly CountedAssessment[]): Promise<Scored[]> {
    const result: Scored[] = [];
    for (const assessment of assessments) {
      let scored = this.scored.get(assessment.assessmentId);
      if (!scored) {
        const counted = this.answers.get(assessment.assessmentId);
        if (!counted) throw new Error(`The answers of counted assessment ${assessment.assessmentId} were not read.`);
        const scores = scoreAssessment({ isNinetyItem: counted.isNinetyItem, answers: parseAggregatedAnswers(counted.answers) });
        scored = { progress: progressScoresFrom(scores), chart: this.withCharts ? eightPetalData(scores) : null };
        this.scored.set(assessment.assessmentId, scored);
        this.answers.delete(assessment.assessmentId);
        await this.turns.take();
      }
      result.push(scored);
    }
    return result;
  }
}

/** The domain's `insightFigures`, from assessments scored a slice at a time: the mean chart and the mean scores. */
function figuresOf(scored: readonly Scored[]): DeepReadonly<InsightFigures> {
  return { n: scored.length, chartData: meanChartData(scored.map((s) => s.chart!)), scores: meanScores(scored.map((s) => s.progress)) };
}

/** A figure's answer: nothing but the reason when hidden; else the means now and the previous quarter (or why not). */
async function present(decision: FigureDecision, members: readonly CountedMemberRow[], quarter: Quarter, scorer: Scorer): Promise<InsightAnswer> {
  if (!decision.shown) return { shown: false, n: null, reason: decision.reason };
  const now = figuresOf(await scorer.all(members.map((m) => m.now)));
  let previous: DeepReadonly<InsightPreviousQuarter>;
  if (decision.comparison.shown) {
    const then = figuresOf(await scorer.all(members.flatMap((m) => (m.previous ? [m.previous] : []))));
    previous = { quarter: quarter.label, asOf: quarter.end, shown: true, n: then.n, chartData: then.chartData, scores: then.scores, change: scoresChange(now.scores, then.scores), kind: 'change' };
  } else {
    previous = { quarter: quarter.label, asOf: quarter.end, shown: false, reason: decision.comparison.reason, n: null };
  }
  return { shown: true, n: now.n, chartData: now.chartData, scores: now.scores, previousQuarter: previous };
}

/** A group with no counted member is not among the rule's counts: it is hidden as fewer than five. */
const HIDDEN_EMPTY: FigureDecision = { shown: false, reason: 'fewer-than-five' };

/** GetOrganizationInsight; the caller has checked that the organization is the coach's. One query. */
export async function organizationInsight(db: Db, coachId: string, organizationId: string, at: string): Promise<InsightAnswer> {
  const quarter = previousQuarter(at);
  const turns = new Turns();
  const members = await membersOf(db, coachId, [organizationId], quarter, { previous: true }, turns);
  return present(decideOrganization(members).unit, members, quarter, new Scorer(members, true, turns));
}

/**
 * GetGroupInsight: decided with the rest of its organization (whose counts, not answers, are
 * read); the caller has checked that the group is the coach's. One query.
 */
export async function groupInsight(db: Db, coachId: string, group: { id: string; organization_id: string }, at: string): Promise<InsightAnswer> {
  const quarter = previousQuarter(at);
  const turns = new Turns();
  const members = await membersOf(db, coachId, [group.organization_id], quarter, { groupId: group.id, previous: true }, turns);
  const decision = decideOrganization(members).groups.get(group.id) ?? HIDDEN_EMPTY;
  const inGroup = members.filter((m) => m.groupId === group.id);
  return present(decision, inGroup, quarter, new Scorer(inGroup, true, turns));
}

// ── CSV ──────────────────────────────────────────────────────────────────────

const SCORE_COLUMNS = ['overall', 'experiences', 'feelings', 'mindset', 'resilience', 'energy'] as const;
const rounded = (value: number | null): number | null => (value === null ? null : Math.round(value * 100) / 100);
const scoreCells = (scores: DeepReadonly<ProgressScores> | undefined): CsvValue[] =>
  scores ? [...SCORE_COLUMNS.map((key) => rounded(scores[key])), ...WELLBEING_PETALS.map((petal) => rounded(scores.petals[petal]))] : [...SCORE_COLUMNS, ...WELLBEING_PETALS].map(() => null);

/** A figure's CSV cells need only its n and its current mean scores. */
async function csvFigure(decision: FigureDecision, members: readonly CountedMemberRow[], scorer: Scorer): Promise<CsvFigure> {
  if (!decision.shown) return { shown: false, reason: decision.reason };
  const scored = await scorer.all(members.map((m) => m.now));
  return { shown: true, n: scored.length, scores: meanScores(scored.map((s) => s.progress)) };
}

type CsvFigure = { shown: true; n: number; scores: ProgressScores } | { shown: false; reason: keyof typeof INSIGHT_REASON_TEXT };

function csvLine(organization: string, group: string, figure: CsvFigure): string {
  return csvRow([
    organization,
    group,
    figure.shown ? figure.n : null,
    figure.shown,
    figure.shown ? null : INSIGHT_REASON_TEXT[figure.reason],
    ...scoreCells(figure.shown ? figure.scores : undefined),
  ]);
}

/**
 * The CSV reads the members of organizations holding about this many clients in one query, then
 * scores them and lets them go before the next batch: memory holds a batch (or one organization
 * larger than it), not every client of the coach. Most coaches' organizations fit in one batch.
 */
const CSV_BATCH_CLIENTS = 2_000;

/**
 * ExportInsightCsv: one row per organization of the coach and one per group under it ("No
 * Group" first, then by name), with the current figures by the same rule: a hidden row has no
 * n and no scores, only the reason. Names of organizations and groups only, never of a person.
 * One query for the names, then one per batch of organizations (`CSV_BATCH_CLIENTS`).
 */
export async function insightCsv(db: Db, coachId: string, at: string): Promise<string> {
  const quarter = previousQuarter(at);
  const turns = new Turns();
  const names = await organizationsAndGroups(db, coachId);
  const organizations = new Map<string, { name: string; clients: number; groups: Array<{ id: string; name: string }> }>();
  for (const row of names) {
    const organization = organizations.get(row.organizationId) ?? { name: row.organizationName, clients: 0, groups: [] };
    if (row.groupId !== null) organization.groups.push({ id: row.groupId, name: row.groupName ?? '' });
    organization.clients += row.clients;
    organizations.set(row.organizationId, organization);
  }
  let csv = csvRow(INSIGHT_CSV_COLUMNS);
  for (const batch of batchesOf([...organizations.keys()], (id) => organizations.get(id)!.clients, CSV_BATCH_CLIENTS)) {
    const members = await membersOf(db, coachId, batch, quarter, { previous: false }, turns);
    for (const organizationId of batch) {
      const organization = organizations.get(organizationId)!;
      const inOrganization = members.filter((m) => m.organizationId === organizationId);
      const decision = decideOrganization(inOrganization);
      const scorer = new Scorer(inOrganization, false, turns);
      csv += csvLine(organization.name, '', await csvFigure(decision.unit, inOrganization, scorer));
      const groups = organization.groups.sort((a, b) => Number(isDefaultGroupName(b.name)) - Number(isDefaultGroupName(a.name)));
      for (const group of groups) {
        const figure = await csvFigure(decision.groups.get(group.id) ?? HIDDEN_EMPTY, inOrganization.filter((m) => m.groupId === group.id), scorer);
        csv += csvLine(organization.name, group.name, figure);
      }
    }
  }
  return csv;
}

/** Consecutive runs of `items` whose sizes add up to at most `limit`, but never fewer than one item a run. */
function batchesOf<T>(items: readonly T[], size: (item: T) => number, limit: number): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let total = 0;
  for (const item of items) {
    if (batch.length > 0 && total + size(item) > limit) {
      batches.push(batch);
      batch = [];
      total = 0;
    }
    batch.push(item);
    total += size(item);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
