import {
  eightPetalData as eightPetalChart,
  fourPetalData as fourPetalChart,
  getModuleByName as findModuleByName,
  getModuleQuestions as moduleQuestionsOf,
  getModuleResults as moduleResultsOf,
  getModulesAndPetals as modulesAndPetalsOf,
  getPetalQuestions as petalQuestionsOf,
  getPetalResults as petalResultsOf,
  getSiteView,
  individualDifferences,
  positivityPotential,
  resolveModuleName,
  scoresWithinCoverage,
  summaryText,
  trackOf,
} from '@bloom/domain';
import { requireReadableAssessment, resolveAssessmentWithAnswers } from '../../assessments/access';
import { findLatestAssessment, findLatestWithAnswers, loadAnswers, type Answers } from '../../assessments/repository';
import { lifeDataOf, scoresFrom } from '../../assessments/scores';
import type { Db } from '../../db/handle';
import { notFound } from '../../http/errors';
import { currentNorms } from '../../norms/norms-service';
import { awaitsCoachApproval, coveredScores, coverageOf, pendingCoachApproval, requireCoveredScores } from '../../reports/access';
import type { SessionContext } from '../../sessions/sessions';
import { JsonText, type Call, type Json, type Output } from '../call';
import { presentLifeSituationsForm, presentModuleQuestions, presentModuleResults, presentPetalResults } from './journey-presenters';

/** The journey's /api/data calls (spec 01 §7 "Content and results"). */

/**
 * Content that only changes with a deploy, serialised once at start-up: the browser may
 * cache it for five minutes (the entries' `cache: 'public'`), and the server never rebuilds it per request.
 */
const staticContent = (() => {
  const site = getSiteView();
  return {
    modulesAndPetals: new JsonText<Json<'getModulesAndPetals'>>(
      JSON.stringify(
        modulesAndPetalsOf().map((module) => ({
          ...module,
          displayName: findModuleByName(module.moduleName)?.displayName ?? module.moduleName,
        })),
      ),
    ),
    lifeSituationsForm: new JsonText<Json<'getLifeSituationsForm'>>(JSON.stringify(presentLifeSituationsForm(site.lifeSituations))),
    testimonials: new JsonText<Json<'getTestimonials'>>(JSON.stringify(site.testimonials)),
    siteContent: new JsonText<Json<'getSiteContent'>>(
      JSON.stringify({ productName: site.productName, notDiagnosticNotice: site.notDiagnosticNotice, findHelpText: site.findHelpText }),
    ),
  };
})();

function found<T>(value: T | null, what: string): T {
  if (value === null) throw notFound(`${what} not found.`);
  return value;
}

/**
 * A question page before any of its questions is answered, serialised once per module and
 * track: it is the same for everyone, and every first visit to a question page is one. Keyed
 * by the module's own name, so however a request spells it (case, spaces) there are at most
 * one per module and track.
 */
const blankModulePages = new Map<string, { json: JsonText<Json<'getModuleQuestions'>>; questionGuids: readonly string[] }>();

function blankModulePage(moduleName: string, track: ReturnType<typeof trackOf>) {
  const name = resolveModuleName(moduleName);
  if (!name) return null;
  const key = `${name}\n${track}`;
  let page = blankModulePages.get(key);
  if (!page) {
    const view = found(moduleQuestionsOf(name, track), 'Module');
    page = {
      json: new JsonText(JSON.stringify(presentModuleQuestions(view))),
      questionGuids: view.wellsprings.flatMap((group) => group.questions.map((q) => q.questionGuid)),
    };
    blankModulePages.set(key, page);
  }
  return page;
}

/** Saved answers of the caller's latest assessment (empty for a visitor without one). */
async function latestAnswers(db: Db, caller: SessionContext | null): Promise<{ answers: Answers; isNinetyItem: boolean }> {
  const latest = caller ? await findLatestWithAnswers(db, caller.user.id) : undefined;
  if (!latest) return { answers: new Map(), isNinetyItem: false };
  return { answers: latest.answers, isNinetyItem: latest.assessment.is_ninety_item === 1 };
}

export async function getModulesAndPetals(): Promise<Output<'getModulesAndPetals'>> {
  return staticContent.modulesAndPetals;
}

export async function getModuleByName({ params }: Call<'getModuleByName'>): Promise<Output<'getModuleByName'>> {
  return found(findModuleByName(params.name), 'Module');
}

export async function getModuleQuestions({ params, caller, db }: Call<'getModuleQuestions'>): Promise<Output<'getModuleQuestions'>> {
  const { answers, isNinetyItem } = await latestAnswers(db, caller);
  const track = trackOf(isNinetyItem);
  const blank = found(blankModulePage(params.module, track), 'Module');
  if (!blank.questionGuids.some((guid) => answers.get(guid) != null)) return blank.json;
  return presentModuleQuestions(found(moduleQuestionsOf(params.module, track, answers), 'Module'));
}

export async function getPetalQuestions({ params, caller, db }: Call<'getPetalQuestions'>): Promise<Output<'getPetalQuestions'>> {
  const { answers } = await latestAnswers(db, caller);
  return found(petalQuestionsOf(params.petal, answers), 'Petal');
}

export async function getPetalResults({ params, caller, db }: Call<'getPetalResults'>): Promise<Output<'getPetalResults'>> {
  const { answers, isNinetyItem } = await latestAnswers(db, caller);
  return presentPetalResults(found(petalResultsOf(params.petal, answers, isNinetyItem), 'Petal'));
}

export async function getModuleResults({ params, caller, db }: Call<'getModuleResults'>): Promise<Output<'getModuleResults'>> {
  const { answers, isNinetyItem } = await latestAnswers(db, caller);
  return presentModuleResults(found(moduleResultsOf(params.module, answers, isNinetyItem), 'Module'));
}

/**
 * The scores of the caller's latest assessment, which the journey shows as it goes (its pages
 * ask GetResultsCoverage before drawing results), or of the assessment a chart call names: that
 * one is a result like a report's, under the same rules (requireCoveredScores: the coach's
 * release, the coverage rule).
 */
async function resolvedScores(db: Db, caller: SessionContext, assessmentId: string | undefined) {
  if (assessmentId) return requireCoveredScores(db, caller, assessmentId);
  const { assessment, answers } = await resolveAssessmentWithAnswers(db, caller, undefined);
  // The latest assessment's pages draw only once GetResultsCoverage says it has results, but
  // Energy can still fall short on its own (Rapid/Energy lets a person go on with questions
  // unanswered): then it has no energy scores here either, as in every named result (decision 0064).
  return scoresWithinCoverage(scoresFrom(assessment, answers), coverageOf(assessment, answers));
}

export async function getEightPetalData({ params, caller, db }: Call<'getEightPetalData'>): Promise<Output<'getEightPetalData'>> {
  return eightPetalChart(await resolvedScores(db, caller, params.assessmentId));
}

export async function getFourPetalData({ params, caller, db }: Call<'getFourPetalData'>): Promise<Output<'getFourPetalData'>> {
  return fourPetalChart(await resolvedScores(db, caller, params.assessmentId), params.isExperience === 'true');
}

export async function getPositivityPotential({ caller, db }: Call<'getPositivityPotential'>): Promise<Output<'getPositivityPotential'>> {
  return positivityPotential(await resolvedScores(db, caller, undefined));
}

/**
 * Whether the caller's latest assessment has results under the coverage rule (DESIGN.md §11),
 * and, per module, how many items are answered and needed: the results page says which
 * module needs answers instead of drawing a lotus of default values.
 */
export async function getResultsCoverage({ caller, db }: Call<'getResultsCoverage'>): Promise<Output<'getResultsCoverage'>> {
  const { assessment, answers } = await resolveAssessmentWithAnswers(db, caller, undefined);
  const coverage = coverageOf(assessment, answers);
  return { isNinetyItem: assessment.is_ninety_item === 1, ...coverage };
}

export async function getSummaryText({ caller, db }: Call<'getSummaryText'>): Promise<Output<'getSummaryText'>> {
  return summaryText(await resolvedScores(db, caller, undefined));
}

/**
 * The comparisons of a named assessment. The Professional journey shows its own (latest)
 * assessment's as it goes, even while a coach holds the results; any other assessment the coach
 * has not released stays withheld, as its report does (403 pending_coach_approval).
 */
export async function getIndividualDifferences({ params, caller, db }: Call<'getIndividualDifferences'>): Promise<Output<'getIndividualDifferences'>> {
  const { row, viewer } = await requireReadableAssessment(db, caller, params.assessmentId);
  if (viewer === 'owner' && awaitsCoachApproval(row, caller.user) && (await findLatestAssessment(db, caller.user.id))?.id !== row.id) throw pendingCoachApproval();
  const [answers, lifeData, norms] = await Promise.all([loadAnswers(db, row.id), lifeDataOf(db, row.id), currentNorms(db)]);
  // Comparisons are results: none below the coverage rule (409, decision 0064).
  return individualDifferences(coveredScores(row, answers), lifeData, norms);
}

export async function getLifeSituationsForm(): Promise<Output<'getLifeSituationsForm'>> {
  return staticContent.lifeSituationsForm;
}

export async function getTestimonials(): Promise<Output<'getTestimonials'>> {
  return staticContent.testimonials;
}

export async function getSiteContent(): Promise<Output<'getSiteContent'>> {
  return staticContent.siteContent;
}
