/**
 * The coverage rule (DESIGN.md §11): a module's scores exist only when at least two thirds
 * of its items are answered, and an assessment has results, a report and a plan only when
 * Experiences and Feelings both meet it. Below that, any figure would be made of the
 * default value 2 that missing items count as: an invented result.
 */
import { indexContent } from '../content/content-index';
import { content } from '../content/load';
import { questionsForTrack } from '../content/questions';
import { MODULE_NAMES, type ModuleName, type Track } from '../model/instrument';
import { isValidResponse, normalizeGuid } from './answers';
import { requiredAnswers } from './required-answers';
import { scoreAssessment } from './score-assessment';
import type { AssessmentAnswers, AssessmentScores, EnergyTriple } from './types';

/** Modules whose coverage decides whether an assessment has results at all. */
export const RESULT_MODULES = ['Experiences', 'Feelings'] as const satisfies readonly ModuleName[];

export interface ModuleCoverage {
  moduleName: ModuleName;
  /** "Positive Experiences", as the journey names the module. */
  displayName: string;
  answered: number;
  total: number;
  /** Answers needed for the module to have scores: ⌈2/3 × total⌉. */
  required: number;
  covered: boolean;
}

export interface AssessmentCoverage {
  /** Experiences, Feelings, Energy, in the instrument's order. */
  modules: ModuleCoverage[];
  /** Experiences and Feelings both meet the rule. */
  hasResults: boolean;
  /** The result modules that need more answers, in order (empty when hasResults). */
  needsAnswers: ModuleCoverage[];
}

export { requiredAnswers } from './required-answers';

/** Per form: each item's module (by normalized guid), and each module's item count and answers needed. */
interface FormModules {
  readonly moduleOf: ReadonlyMap<string, ModuleName>;
  readonly totals: Readonly<Record<ModuleName, number>>;
}
const formModules = new Map<Track, FormModules>();

/** Built once per form: coverage is asked on every result call and for every row of the CSV export. */
function modulesOf(track: Track): FormModules {
  let modules = formModules.get(track);
  if (!modules) {
    const questions = questionsForTrack(track);
    const totals = Object.fromEntries(MODULE_NAMES.map((name) => [name, questions.filter((question) => question.module === name).length])) as Record<ModuleName, number>;
    modules = { moduleOf: new Map(questions.map((question) => [normalizeGuid(question.questionGuid), question.module])), totals };
    formModules.set(track, modules);
  }
  return modules;
}

/** Coverage of an assessment of `track` from its answers (questionGuid → response; guids in any case). */
export function assessmentCoverage(answers: ReadonlyMap<string, number | null>, track: Track): AssessmentCoverage {
  const { moduleOf, totals } = modulesOf(track);
  const answeredIn: Record<ModuleName, number> = { Experiences: 0, Feelings: 0, Energy: 0 };
  // Keys are normally in normal form already (answersFromResponses): looked up as they are, each
  // counts once. Another form of a guid counts only when no other form of it was counted.
  let otherForms: Set<string> | undefined;
  for (const [guid, response] of answers) {
    if (!isValidResponse(response)) continue;
    let module = moduleOf.get(guid);
    if (module === undefined) {
      const normal = normalizeGuid(guid);
      module = moduleOf.get(normal);
      if (module === undefined || isValidResponse(answers.get(normal)) || (otherForms ??= new Set()).has(normal)) continue;
      otherForms.add(normal);
    }
    answeredIn[module] += 1;
  }
  const modules = MODULE_NAMES.map((moduleName) => {
    const total = totals[moduleName];
    const required = requiredAnswers(total);
    const displayName = indexContent(content).modules[moduleName].displayName;
    return { moduleName, displayName, answered: answeredIn[moduleName], total, required, covered: answeredIn[moduleName] >= required };
  });
  const needsAnswers = modules.filter((module) => (RESULT_MODULES as readonly ModuleName[]).includes(module.moduleName) && !module.covered);
  return { modules, hasResults: needsAnswers.length === 0, needsAnswers };
}

/**
 * What a result may show of scored answers: the coverage, and the scores (Energy's left out when
 * Energy alone falls short, `scoresWithinCoverage`), or null scores when the assessment has no
 * results. Every result call and the CSV export go through this.
 */
export function coveredResults(input: AssessmentAnswers): { coverage: AssessmentCoverage; scores: AssessmentScores | null } {
  const coverage = assessmentCoverage(input.answers, input.isNinetyItem ? 'Professional' : 'Rapid');
  return { coverage, scores: coverage.hasResults ? scoresWithinCoverage(scoreAssessment(input), coverage) : null };
}

/** What a person is told when an assessment has no results yet (the API's 409 message). */
export function incompleteAssessmentMessage(coverage: AssessmentCoverage): string {
  const parts = coverage.needsAnswers.map((module) => `${module.displayName} has ${module.answered} of ${module.total} questions answered and needs at least ${module.required}`);
  return `This assessment does not have enough answers for results yet: ${parts.join('; ')}.`;
}

const NO_ENERGY: EnergyTriple = [null, null, null];

/**
 * The scores a result may show. A caller first checks `hasResults` (Experiences and Feelings);
 * Energy can still fall short on its own, and then it has no scores: no energy chart, no band
 * text, no energy range. Its item responses stay, as answers given, for the coach's item lists.
 */
export function scoresWithinCoverage(scores: AssessmentScores, coverage: AssessmentCoverage): AssessmentScores {
  if (coverage.modules.find((module) => module.moduleName === 'Energy')?.covered !== false) return scores;
  return {
    ...scores,
    energyPetals: { Activity: null, Excitement: null },
    energy: {
      activity: NO_ENERGY,
      excitement: NO_ENERGY,
      overall: NO_ENERGY,
      energyRange: null,
      levels: scores.energy.levels.map((level) => ({ ...level, score: null })),
    },
  };
}
