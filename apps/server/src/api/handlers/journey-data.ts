import {
  assessmentCoverage,
  content,
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
  requiredAnswers,
  resolveModuleName,
  scoresWithinCoverage,
  summaryText,
  trackOf,
  type AssessmentCoverage,
  type ModuleName,
  type ModuleResults,
  type PetalResults,
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

/** What a band text says where there are too few answers to describe an area. */
const NO_DATA = content.site.noDataText;

/**
 * A petal's results, which the Professional journey shows after its questions: only when at least
 * two thirds of the petal's items are answered (the coverage rule, DESIGN.md §11, on the petal).
 * Below it (a barely answered petal, or a retaken assessment's page reached by Back) the petal
 * keeps its questions and the answers given, with no score, band text, average or chart
 * (decision 0064): those would be made of the default 2 that missing items count as.
 */
export async function getPetalResults({ params, caller, db }: Call<'getPetalResults'>): Promise<Output<'getPetalResults'>> {
  const { answers, isNinetyItem } = await latestAnswers(db, caller);
  const view = found(petalResultsOf(params.petal, answers, isNinetyItem), 'Petal');
  const questions = view.wellsprings.flatMap((group) => group.questions);
  const answered = questions.filter((question) => question.response !== null).length;
  return presentPetalResults(answered >= requiredAnswers(questions.length) ? view : petalWithoutResults(view));
}

function petalWithoutResults(view: PetalResults): PetalResults {
  return {
    petal: { ...view.petal, score: null, band: null, resultText: NO_DATA, contributorText: NO_DATA },
    wellsprings: view.wellsprings.map((group) => ({ ...group, average: null })),
    chartData: null,
    energyChartData: null,
  };
}

/**
 * A module's results (the Professional journey's module results page): only when the module meets
 * the coverage rule; below it, no score, band text or chart (decision 0064).
 */
export async function getModuleResults({ params, caller, db }: Call<'getModuleResults'>): Promise<Output<'getModuleResults'>> {
  const { answers, isNinetyItem } = await latestAnswers(db, caller);
  const view = found(moduleResultsOf(params.module, answers, isNinetyItem), 'Module');
  const covered = covers(assessmentCoverage(answers, trackOf(isNinetyItem)), view.module.moduleName);
  return presentModuleResults(covered ? view : moduleWithoutResults(view));
}

/** Whether the module meets the coverage rule. */
const covers = (coverage: AssessmentCoverage, moduleName: ModuleName) => coverage.modules.some((module) => module.moduleName === moduleName && module.covered);

function moduleWithoutResults(view: ModuleResults): ModuleResults {
  return {
    ...view,
    score: null,
    band: null,
    resultsText1: NO_DATA,
    resultsText2: NO_DATA,
    petals: view.petals.map((petal) => ({ ...petal, score: null, band: null, resultText: NO_DATA })),
    chartData: [],
    energyChartData: [],
  };
}

/**
 * The scores of the caller's latest assessment, which the journey shows as it goes, with its
 * coverage. Energy can fall short on its own (Rapid/Energy lets a person go on with questions
 * unanswered): then it has no energy scores here either, as in every named result (decision 0064).
 */
async function latestScores(db: Db, caller: SessionContext) {
  const { assessment, answers } = await resolveAssessmentWithAnswers(db, caller, undefined);
  const coverage = coverageOf(assessment, answers);
  return { coverage, scores: scoresWithinCoverage(scoresFrom(assessment, answers), coverage) };
}

/**
 * The latest assessment's scores (its pages ask GetResultsCoverage before drawing what comes of
 * them), or those of the assessment a chart call names: that one is a result like a report's,
 * under the same rules (requireCoveredScores: the coach's release, the coverage rule).
 */
async function resolvedScores(db: Db, caller: SessionContext, assessmentId: string | undefined) {
  if (assessmentId) return requireCoveredScores(db, caller, assessmentId);
  return (await latestScores(db, caller)).scores;
}

export async function getEightPetalData({ params, caller, db }: Call<'getEightPetalData'>): Promise<Output<'getEightPetalData'>> {
  return eightPetalChart(await resolvedScores(db, caller, params.assessmentId));
}

/**
 * The four petals of Experiences or Feelings. A named assessment's answer 409 below the rule; the
 * latest assessment's (the Professional module results page, which does not ask
 * GetResultsCoverage) are none while that module falls short, whatever the other one's answers
 * (decision 0064).
 */
export async function getFourPetalData({ params, caller, db }: Call<'getFourPetalData'>): Promise<Output<'getFourPetalData'>> {
  const isExperience = params.isExperience === 'true';
  if (params.assessmentId) return fourPetalChart(await requireCoveredScores(db, caller, params.assessmentId), isExperience);
  const { coverage, scores } = await latestScores(db, caller);
  return covers(coverage, isExperience ? 'Experiences' : 'Feelings') ? fourPetalChart(scores, isExperience) : [];
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
