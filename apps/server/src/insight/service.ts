/**
 * Organization insight, the anonymous group lotus (DESIGN §14; issue 27; decision 0029).
 *
 * A member counts when their latest assessment that meets the coverage rule is shared with the
 * coach (now), and, for the previous quarter, when such an assessment of theirs was started
 * before that quarter ended (sharing and answers as they are today). Each organization is
 * decided as a whole by the domain's rule (`decideInsight`), so a group's answer depends on its
 * siblings; a hidden figure carries its reason and nothing else.
 */
import { INSIGHT_CSV_COLUMNS, INSIGHT_REASON_TEXT, type Insight, type InsightPreviousQuarter } from '@bloom/contracts';
import {
  assessmentCoverage,
  decideInsight,
  insightFigures,
  previousQuarter,
  scoresChange,
  scoreAssessment,
  WELLBEING_PETALS,
  type AssessmentScores,
  type FigureDecision,
  type InsightGroupCounts,
  type ProgressScores,
  type Quarter,
  type UnitDecision,
} from '@bloom/domain';
import { isDefaultGroupName } from '../coaching/organizations';
import type { Db } from '../db/database';
import { csvRow, type CsvValue } from '../export/csv';
import { organizationsAndGroups, sharedAssessmentsInOrganizations, type SharedAssessment } from './repository';

/** What the handlers answer: the contract's shape, holding the domain's read-only chart data as it is. */
type DeepReadonly<T> = T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;
export type InsightAnswer = DeepReadonly<Insight>;

/** One member as counted: their assessment now, and then (null when they had none before the quarter's end). */
interface CountedMember {
  readonly groupId: string;
  readonly organizationId: string;
  readonly now: SharedAssessment;
  readonly previous: SharedAssessment | null;
}

const meetsCoverage = (a: SharedAssessment) => assessmentCoverage(a.answers, a.isNinetyItem ? 'Professional' : 'Rapid').hasResults;

/** Later first: by start time, then by id (the order GetProgress lists them in, reversed). */
const latestFirst = (a: SharedAssessment, b: SharedAssessment) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.assessmentId < b.assessmentId ? 1 : a.assessmentId > b.assessmentId ? -1 : 0;

/** Each member's counted assessments, from every assessment they shared. */
function countMembers(rows: readonly SharedAssessment[], quarter: Quarter): CountedMember[] {
  const byMember = new Map<string, SharedAssessment[]>();
  for (const row of rows) {
    const list = byMember.get(row.userId);
    if (list) list.push(row);
    else byMember.set(row.userId, [row]);
  }
  const members: CountedMember[] = [];
  for (const assessments of byMember.values()) {
    const qualifying = assessments.sort(latestFirst).filter(meetsCoverage);
    const now = qualifying[0];
    if (!now) continue;
    const previous = qualifying.find((a) => a.createdAt < quarter.end) ?? null;
    members.push({ groupId: now.groupId, organizationId: now.organizationId, now, previous });
  }
  return members;
}

/** One organization's counts per group, as the rule reads them. */
function groupCounts(members: readonly CountedMember[]): InsightGroupCounts[] {
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

/** Scores each assessment once (a member who did not re-assess counts the same one in both periods). */
function scorer(): (a: SharedAssessment) => AssessmentScores {
  const scored = new Map<string, AssessmentScores>();
  return (a) => {
    let scores = scored.get(a.assessmentId);
    if (!scores) scored.set(a.assessmentId, (scores = scoreAssessment({ isNinetyItem: a.isNinetyItem, answers: a.answers })));
    return scores;
  };
}

/** A figure's answer: nothing but the reason when hidden; else the means now and the previous quarter (or why not). */
function present(decision: FigureDecision, members: readonly CountedMember[], quarter: Quarter, score: (a: SharedAssessment) => AssessmentScores): InsightAnswer {
  if (!decision.shown) return { shown: false, n: null, reason: decision.reason };
  const now = insightFigures(members.map((m) => score(m.now)));
  let previous: DeepReadonly<InsightPreviousQuarter>;
  if (decision.comparison.shown) {
    const then = insightFigures(members.flatMap((m) => (m.previous ? [score(m.previous)] : [])));
    previous = { quarter: quarter.label, asOf: quarter.end, shown: true, n: then.n, chartData: then.chartData, scores: then.scores, change: scoresChange(now.scores, then.scores), kind: 'change' };
  } else {
    previous = { quarter: quarter.label, asOf: quarter.end, shown: false, reason: decision.comparison.reason, n: null };
  }
  return { shown: true, n: now.n, chartData: now.chartData, scores: now.scores, previousQuarter: previous };
}

/** A group with no counted member is not among the rule's counts: it is hidden as fewer than five. */
const HIDDEN_EMPTY: FigureDecision = { shown: false, reason: 'fewer-than-five' };

interface OrganizationView {
  readonly decision: UnitDecision;
  readonly members: readonly CountedMember[];
}

function decideOrganization(members: readonly CountedMember[]): OrganizationView {
  return { decision: decideInsight({ groups: groupCounts(members) }), members };
}

/** The decision and members of one organization of the coach: one query for its members and their shared assessments. */
async function organizationView(db: Db, coachId: string, organizationId: string, quarter: Quarter): Promise<OrganizationView> {
  return decideOrganization(countMembers(await sharedAssessmentsInOrganizations(db, coachId, organizationId), quarter));
}

/** GetOrganizationInsight; the caller has checked that the organization is the coach's. */
export async function organizationInsight(db: Db, coachId: string, organizationId: string, at: string): Promise<InsightAnswer> {
  const quarter = previousQuarter(at);
  const view = await organizationView(db, coachId, organizationId, quarter);
  return present(view.decision.unit, view.members, quarter, scorer());
}

/** GetGroupInsight: decided with the rest of its organization; the caller has checked that the group is the coach's. */
export async function groupInsight(db: Db, coachId: string, group: { id: string; organization_id: string }, at: string): Promise<InsightAnswer> {
  const quarter = previousQuarter(at);
  const view = await organizationView(db, coachId, group.organization_id, quarter);
  const decision = view.decision.groups.get(group.id) ?? HIDDEN_EMPTY;
  return present(decision, view.members.filter((m) => m.groupId === group.id), quarter, scorer());
}

// ── CSV ──────────────────────────────────────────────────────────────────────

const SCORE_COLUMNS = ['overall', 'experiences', 'feelings', 'mindset', 'resilience', 'energy'] as const;
const rounded = (value: number | null): number | null => (value === null ? null : Math.round(value * 100) / 100);
const scoreCells = (scores: DeepReadonly<ProgressScores> | undefined): CsvValue[] =>
  scores ? [...SCORE_COLUMNS.map((key) => rounded(scores[key])), ...WELLBEING_PETALS.map((petal) => rounded(scores.petals[petal]))] : [...SCORE_COLUMNS, ...WELLBEING_PETALS].map(() => null);

function csvLine(organization: string, group: string, insight: InsightAnswer): string {
  return csvRow([
    organization,
    group,
    insight.shown ? insight.n : null,
    insight.shown,
    insight.shown ? null : INSIGHT_REASON_TEXT[insight.reason],
    ...scoreCells(insight.shown ? insight.scores : undefined),
  ]);
}

/**
 * ExportInsightCsv: one row per organization of the coach and one per group under it ("No
 * Group" first, then by name), with the current figures by the same rule: a hidden row has no
 * n and no scores, only the reason. Names of organizations and groups only, never of a person.
 * Two queries: the names, and every member's shared assessments.
 */
export async function insightCsv(db: Db, coachId: string, at: string): Promise<string> {
  const quarter = previousQuarter(at);
  const names = await organizationsAndGroups(db, coachId);
  const members = countMembers(await sharedAssessmentsInOrganizations(db, coachId), quarter);
  const membersOf = new Map<string, CountedMember[]>();
  for (const member of members) {
    const list = membersOf.get(member.organizationId);
    if (list) list.push(member);
    else membersOf.set(member.organizationId, [member]);
  }
  const score = scorer();
  const organizations = new Map<string, { name: string; groups: Array<{ id: string; name: string }> }>();
  for (const row of names) {
    const organization = organizations.get(row.organizationId) ?? { name: row.organizationName, groups: [] };
    if (row.groupId !== null) organization.groups.push({ id: row.groupId, name: row.groupName ?? '' });
    organizations.set(row.organizationId, organization);
  }
  let csv = csvRow(INSIGHT_CSV_COLUMNS);
  for (const [organizationId, organization] of organizations) {
    const inOrganization = membersOf.get(organizationId) ?? [];
    const view = decideOrganization(inOrganization);
    csv += csvLine(organization.name, '', present(view.decision.unit, inOrganization, quarter, score));
    const groups = organization.groups.sort((a, b) => Number(isDefaultGroupName(b.name)) - Number(isDefaultGroupName(a.name)));
    for (const group of groups) {
      const decision = view.decision.groups.get(group.id) ?? HIDDEN_EMPTY;
      csv += csvLine(organization.name, group.name, present(decision, inOrganization.filter((m) => m.groupId === group.id), quarter, score));
    }
  }
  return csv;
}
