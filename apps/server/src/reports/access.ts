/**
 * Who may read which report (DESIGN.md §5), on top of requireReadableAssessment
 * (owner, or the owner's coach while coach access is granted; everything else 404):
 * - a client with a coach does not see the results of a Professional assessment created while
 *   they had a coach until the coach grants client access → 403 `pending_coach_approval` (the
 *   owner knows the assessment exists, so a 403 leaks nothing, and the web can say "Pending coach
 *   approval"); one created while they had no coach is theirs from creation (its
 *   `client_access_granted` is set then, decision 0086);
 * - the Positivity Plan needs a fulfilled purchase, a free plan, or a Professional
 *   assessment whose results the client's current coach, vetted by an admin, released →
 *   otherwise 403 `plan_locked` (the web shows the upsell), for the owner and for their coach alike;
 * - an assessment below the coverage rule (DESIGN.md §11) has no report, plan, chart or score
 *   table → 409 `incomplete_assessment`, whoever asks (coveredScores).
 */
import { assessmentCoverage, coveredResults, incompleteAssessmentMessage, type AssessmentCoverage, type AssessmentScores } from '@bloom/domain';
import type { AppConfig } from '../config';
import { requireReadableAssessment, type AssessmentViewer } from '../assessments/access';
import { loadAnswers, type Answers, type AssessmentRow } from '../assessments/repository';
import type { Db } from '../db/database';
import { AppError, notFound } from '../http/errors';
import { assessmentsWithFulfilledPurchase } from '../payments/purchases';
import { planIsFree } from '../payments/pricing';
import type { SessionContext } from '../sessions/sessions';
import { findUserById, type UserRow } from '../users/index';

export const PENDING_COACH_APPROVAL = 'pending_coach_approval';
export const PLAN_LOCKED = 'plan_locked';
export const INCOMPLETE_ASSESSMENT = 'incomplete_assessment';

export const pendingCoachApproval = () =>
  new AppError(403, PENDING_COACH_APPROVAL, 'Your coach has not released these results yet. They will appear here once your coach grants access.');
export const planLocked = () =>
  new AppError(403, PLAN_LOCKED, 'The Positivity Plan for this assessment has not been unlocked yet.');

/** 409: the coverage rule (DESIGN.md §11) is not met, so there is no report, plan or purchase. */
export const incompleteAssessment = (coverage: AssessmentCoverage) => new AppError(409, INCOMPLETE_ASSESSMENT, incompleteAssessmentMessage(coverage));

/** The coverage of an assessment from its answers (answers: questionGuid → response). */
export function coverageOf(row: Pick<AssessmentRow, 'is_ninety_item'>, answers: ReadonlyMap<string, number | null>): AssessmentCoverage {
  return assessmentCoverage(answers, row.is_ninety_item === 1 ? 'Professional' : 'Rapid');
}

/**
 * The scores a result may show: 409 incomplete_assessment below the coverage rule, and no Energy
 * scores when Energy alone falls short (scoresWithinCoverage). Every report, chart and score
 * table of a named assessment is built from these.
 */
export function coveredScores(row: Pick<AssessmentRow, 'is_ninety_item'>, answers: Answers): AssessmentScores {
  const { coverage, scores } = coveredResults({ isNinetyItem: row.is_ninety_item === 1, answers });
  if (scores === null) throw incompleteAssessment(coverage);
  return scores;
}

type OwnerFields = Pick<UserRow, 'id' | 'coach_id'>;
/** `stripe`: with live keys only live purchases unlock a plan (payments/live-mode.ts). */
type PlanConfig = Pick<AppConfig, 'planPriceCents' | 'planPromoPriceCents' | 'stripe'>;

export interface ReportAccess {
  row: AssessmentRow;
  viewer: AssessmentViewer;
  owner: UserRow;
}

/**
 * A Professional assessment of a client with a coach stays with the coach until released. The flag
 * is 1 from creation for one created while the owner had no coach (assessments/repository.ts), so
 * joining a coach later hides nothing (decision 0086).
 */
export function awaitsCoachApproval(row: Pick<AssessmentRow, 'is_ninety_item' | 'client_access_granted'>, owner: OwnerFields): boolean {
  return owner.coach_id !== null && row.is_ninety_item === 1 && row.client_access_granted === 0;
}

/**
 * Plans that never need a purchase: a free plan, or a Professional assessment whose results the
 * owner's current coach released, when an admin has vetted that coach (a self-registered coach
 * unlocks nothing: issue 23 §3, decision 0019). The release must be that coach's own (its
 * `client_access` record names them): results released by another coach, a self-registered one
 * or a past one, and then taken to a vetted coach are still to be bought (decision 0056).
 */
export async function planIncluded(db: Db, config: PlanConfig, row: Pick<AssessmentRow, 'id' | 'is_ninety_item'>, owner: OwnerFields): Promise<boolean> {
  if (planIsFree(config)) return true;
  if (row.is_ninety_item !== 1) return false;
  return (await releasedByVettedCoach(db, owner, [row.id])).has(row.id);
}

/** Which of these assessments of `owner` their current coach released, when that coach is vetted: one query. */
async function releasedByVettedCoach(db: Db, owner: OwnerFields, assessmentIds: readonly string[]): Promise<Set<string>> {
  const coachId = owner.coach_id;
  if (coachId === null || assessmentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('consents')
    // Only a coach an admin has vetted (coaching/vetting.ts) includes plans.
    .innerJoin('coach_vettings', 'coach_vettings.coach_id', 'consents.granted_by')
    .select('consents.subject_id')
    .where('consents.user_id', '=', owner.id)
    .where('consents.kind', '=', 'client_access')
    .where('consents.revoked_at', 'is', null)
    .where('consents.granted_by', '=', coachId)
    .where('consents.subject_id', 'in', assessmentIds)
    .execute();
  return new Set(rows.map((row) => row.subject_id!));
}

export async function isPlanUnlocked(db: Db, config: PlanConfig, row: AssessmentRow, owner: OwnerFields): Promise<boolean> {
  if (await planIncluded(db, config, row, owner)) return true;
  return (await assessmentsWithFulfilledPurchase(db, config, [row.id])).has(row.id);
}

/** Unlock state for a list of one owner's assessments, in at most four queries. */
export async function planUnlockedByAssessment(db: Db, config: PlanConfig, rows: readonly AssessmentRow[], owner: OwnerFields): Promise<Map<string, boolean>> {
  if (planIsFree(config)) return new Map(rows.map((row) => [row.id, true]));
  const included = await releasedByVettedCoach(
    db,
    owner,
    rows.filter((row) => row.is_ninety_item === 1).map((row) => row.id),
  );
  const purchased = await assessmentsWithFulfilledPurchase(
    db,
    config,
    rows.filter((row) => !included.has(row.id)).map((row) => row.id),
  );
  return new Map(rows.map((row) => [row.id, included.has(row.id) || purchased.has(row.id)]));
}

/** An assessment whose results the caller may see now (report, charts, scores). */
export async function requireResultsAccess(db: Db, session: SessionContext, id: string): Promise<ReportAccess> {
  const { row, viewer } = await requireReadableAssessment(db, session, id);
  const owner = viewer === 'owner' ? session.user : await findUserById(db, row.user_id);
  if (!owner) throw notFound('Assessment not found.');
  if (viewer === 'owner' && awaitsCoachApproval(row, owner)) throw pendingCoachApproval();
  return { row, viewer, owner };
}

/** requireResultsAccess and the assessment's coveredScores: for the charts and score tables of a named assessment. */
export async function requireCoveredScores(db: Db, session: SessionContext, id: string): Promise<AssessmentScores> {
  const { row } = await requireResultsAccess(db, session, id);
  return coveredScores(row, await loadAnswers(db, row.id));
}

/** As requireResultsAccess, plus the plan rule for owners. */
export async function requirePlanAccess(db: Db, config: PlanConfig, session: SessionContext, id: string): Promise<ReportAccess> {
  const access = await requireResultsAccess(db, session, id);
  // The coach reads the plan only when its owner could: a coach never sees a plan locked for the client.
  if (!(await isPlanUnlocked(db, config, access.row, access.owner))) {
    // An assessment without results has no plan to unlock: say that, not "buy it" (reportJson
    // checks the same rule for unlocked plans).
    const coverage = coverageOf(access.row, await loadAnswers(db, access.row.id));
    throw coverage.hasResults ? planLocked() : incompleteAssessment(coverage);
  }
  return access;
}
