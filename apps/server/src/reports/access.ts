/**
 * Who may read which report (DESIGN.md §5), on top of requireReadableAssessment
 * (owner, or the owner's coach while coach access is granted; everything else 404):
 * - a client with a coach does not see their Professional results until the coach grants
 *   client access → 403 `pending_coach_approval` (the owner knows the assessment exists,
 *   so a 403 leaks nothing, and the web can say "Pending coach approval");
 * - the Positivity Plan needs a fulfilled purchase, a free plan, or a Professional
 *   assessment of a client whose coach an admin has vetted → otherwise 403 `plan_locked` (the
 *   web shows the upsell), for the owner and for their coach alike;
 * - an assessment below the coverage rule (DESIGN.md §11) has no report and no plan → 409
 *   `incomplete_assessment`, whoever asks.
 */
import { assessmentCoverage, incompleteAssessmentMessage, type AssessmentCoverage } from '@bloom/domain';
import type { AppConfig } from '../config';
import { requireReadableAssessment, type AssessmentViewer } from '../assessments/access';
import { loadAnswers, type AssessmentRow } from '../assessments/repository';
import type { Db } from '../db/database';
import { AppError, notFound } from '../http/errors';
import { assessmentsWithFulfilledPurchase } from '../payments/purchases';
import { isVettedCoach } from '../coaching/vetting';
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

type OwnerFields = Pick<UserRow, 'coach_id'>;
type PlanConfig = Pick<AppConfig, 'planPriceCents' | 'planPromoPriceCents'>;

export interface ReportAccess {
  row: AssessmentRow;
  viewer: AssessmentViewer;
  owner: UserRow;
}

/** A Professional assessment of a client with a coach stays with the coach until released. */
export function awaitsCoachApproval(row: Pick<AssessmentRow, 'is_ninety_item' | 'client_access_granted'>, owner: OwnerFields): boolean {
  return owner.coach_id !== null && row.is_ninety_item === 1 && row.client_access_granted === 0;
}

/**
 * Plans that never need a purchase: a free plan, or a Professional assessment of a client whose
 * coach an admin has vetted (a self-registered coach unlocks nothing: issue 23 §3).
 */
export async function planIncluded(db: Db, config: PlanConfig, row: Pick<AssessmentRow, 'is_ninety_item'>, owner: OwnerFields): Promise<boolean> {
  if (planIsFree(config)) return true;
  return row.is_ninety_item === 1 && (await isVettedCoach(db, owner.coach_id));
}

export async function isPlanUnlocked(db: Db, config: PlanConfig, row: AssessmentRow, owner: OwnerFields): Promise<boolean> {
  if (await planIncluded(db, config, row, owner)) return true;
  return (await assessmentsWithFulfilledPurchase(db, [row.id])).has(row.id);
}

/** Unlock state for a list of one owner's assessments, in two queries. */
export async function planUnlockedByAssessment(db: Db, config: PlanConfig, rows: readonly AssessmentRow[], owner: OwnerFields): Promise<Map<string, boolean>> {
  const coachIncludes = planIsFree(config) || (rows.some((row) => row.is_ninety_item === 1) && (await isVettedCoach(db, owner.coach_id)));
  const included = (row: AssessmentRow) => planIsFree(config) || (coachIncludes && row.is_ninety_item === 1);
  const purchased = await assessmentsWithFulfilledPurchase(
    db,
    rows.filter((row) => !included(row)).map((row) => row.id),
  );
  return new Map(rows.map((row) => [row.id, included(row) || purchased.has(row.id)]));
}

/** An assessment whose results the caller may see now (report, charts, scores). */
export async function requireResultsAccess(db: Db, session: SessionContext, id: string): Promise<ReportAccess> {
  const { row, viewer } = await requireReadableAssessment(db, session, id);
  const owner = viewer === 'owner' ? session.user : await findUserById(db, row.user_id);
  if (!owner) throw notFound('Assessment not found.');
  if (viewer === 'owner' && awaitsCoachApproval(row, owner)) throw pendingCoachApproval();
  return { row, viewer, owner };
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
