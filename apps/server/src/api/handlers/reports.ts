/**
 * Reports and results of one assessment (spec 02 §2 "Profile Report", "Positivity Plan",
 * §3, §7): every call is access-checked (src/reports/access.ts) and answers someone
 * else's assessment with 404. Each entry says `cache: 'private'`: personal health data is
 * kept by no shared cache and not on the browser's disk.
 */
import { energyChartData, resumePoint, scoreRows, singlePetalData, trackOf } from '@bloom/domain';
import { requireReadableAssessment } from '../../assessments/access';
import { planWasBought } from '../../assessments/bought-answers';
import { presentAssessment } from '../../assessments/presenter';
import { listAssessmentsWithUnfinishedAnswers, loadAnswers } from '../../assessments/repository';
import { lifeDataOf } from '../../assessments/scores';
import { notFound } from '../../http/errors';
import { coverageOf, isPlanUnlocked, planUnlockedByAssessment, requireCoveredScores, requirePlanAccess, requireResultsAccess } from '../../reports/access';
import { reportJson, reportName } from '../../reports/build';
import { findUserById } from '../../users/index';
import { JsonText, type Call, type Output } from '../call';

/** Reports are built as ready-made JSON strings (see reports/build.ts). */
export async function getBloomProfileReport({ params, caller, db }: Call<'getBloomProfileReport'>): Promise<Output<'getBloomProfileReport'>> {
  const access = await requireResultsAccess(db, caller, params.assessmentId);
  return new JsonText(await reportJson(db, access, 'profile'));
}

export async function getPositivityPlan({ app, params, caller, db }: Call<'getPositivityPlan'>): Promise<Output<'getPositivityPlan'>> {
  const access = await requirePlanAccess(db, app.config, caller, params.assessmentId);
  return new JsonText(await reportJson(db, access, 'plan'));
}

export async function getEnergyChartData({ params, caller, db }: Call<'getEnergyChartData'>): Promise<Output<'getEnergyChartData'>> {
  return energyChartData(await requireCoveredScores(db, caller, params.assessmentId));
}

export async function getSinglePetalData({ params, caller, db }: Call<'getSinglePetalData'>): Promise<Output<'getSinglePetalData'>> {
  return singlePetalData(await requireCoveredScores(db, caller, params.assessmentId));
}

export async function getAssessmentScores({ params, caller, db }: Call<'getAssessmentScores'>): Promise<Output<'getAssessmentScores'>> {
  return scoreRows(await requireCoveredScores(db, caller, params.assessmentId));
}

/** The life situations given with the assessment; "Prefer not to say" (age -1) where nothing was given. */
export async function lifeDataByAssessment({ params, caller, db }: Call<'lifeDataByAssessment'>): Promise<Output<'lifeDataByAssessment'>> {
  const { row } = await requireReadableAssessment(db, caller, params.assessmentId);
  const lifeData = await lifeDataOf(db, row.id);
  return {
    gender: lifeData.gender,
    age: lifeData.age,
    relationshipStatus: lifeData.relationshipStatus,
    parentingStatus: lifeData.parentingStatus,
    employmentStatus: lifeData.employmentStatus,
    income: lifeData.income,
    stressfulEvents: lifeData.stressfulEvents,
  };
}

export async function getAssessmentById({ app, params, caller, db }: Call<'getAssessmentById'>): Promise<Output<'getAssessmentById'>> {
  const { row, viewer } = await requireReadableAssessment(db, caller, params.assessmentId);
  const owner = viewer === 'owner' ? caller.user : await findUserById(db, row.user_id);
  if (!owner) throw notFound('Assessment not found.');
  // The same for the owner and their coach: a coach never reads a plan locked for its owner.
  const planUnlocked = await isPlanUnlocked(db, app.config, row, owner);
  const { hasResults } = coverageOf(row, await loadAnswers(db, row.id));
  return presentAssessment(row, { clientName: reportName(owner), userName: owner.user_name, planUnlocked: planUnlocked && hasResults, hasResults });
}

/**
 * The caller's own assessments, newest first (the member dashboard's list), each with whether it
 * has results (DESIGN.md §11) and, for the latest one while unfinished (`completed_at` null, with
 * results or without), where to continue it: results may rest on questions left unanswered
 * (Energy), which can still be answered. The journey takes answers only for the latest
 * assessment, so an older unfinished one cannot be continued, and none whose plan was bought.
 */
export async function getAllAssessments({ app, caller, db }: Call<'getAllAssessments'>): Promise<Output<'getAllAssessments'>> {
  const listed = await listAssessmentsWithUnfinishedAnswers(db, caller.user.id);
  const unlocked = await planUnlockedByAssessment(
    db,
    app.config,
    listed.map(({ row }) => row),
    caller.user,
  );
  const clientName = reportName(caller.user);
  // A bought plan keeps the answers it was made from (decision 0074): the journey would refuse
  // them, so no Continue is offered. Asked only when the latest assessment is unfinished.
  const latest = listed[0];
  const latestKeepsItsAnswers = latest?.answers ? await planWasBought(db, app.config, latest.row.id) : false;
  return listed.map(({ row, answers }, index) => {
    const hasResults = answers === null || coverageOf(row, answers).hasResults;
    // `answers` is null for a completed assessment: every question answered, nothing to continue.
    const continueAt = index === 0 && answers && !latestKeepsItsAnswers ? resumePoint(answers, trackOf(row.is_ninety_item === 1)) : null;
    const planUnlocked = (unlocked.get(row.id) ?? false) && hasResults;
    return { ...presentAssessment(row, { clientName, userName: caller.user.user_name, planUnlocked }), hasResults, continueAt };
  });
}
