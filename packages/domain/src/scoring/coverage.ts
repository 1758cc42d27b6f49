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
import type { AssessmentScores, EnergyTriple } from './types';

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

/** ⌈2/3 × total⌉ in whole numbers, so no floating-point rounding can move the threshold. */
export function requiredAnswers(total: number): number {
  return Math.ceil((2 * total) / 3);
}

/** Coverage of an assessment of `track` from its answers (questionGuid → response; guids in any case). */
export function assessmentCoverage(answers: ReadonlyMap<string, number | null>, track: Track): AssessmentCoverage {
  const answeredGuids = new Set<string>();
  for (const [guid, response] of answers) if (isValidResponse(response)) answeredGuids.add(normalizeGuid(guid));
  const modules = MODULE_NAMES.map((moduleName) => {
    const questions = questionsForTrack(track).filter((question) => question.module === moduleName);
    const answered = questions.filter((question) => answeredGuids.has(normalizeGuid(question.questionGuid))).length;
    const required = requiredAnswers(questions.length);
    const displayName = indexContent(content).modules[moduleName].displayName;
    return { moduleName, displayName, answered, total: questions.length, required, covered: answered >= required };
  });
  const needsAnswers = modules.filter((module) => (RESULT_MODULES as readonly ModuleName[]).includes(module.moduleName) && !module.covered);
  return { modules, hasResults: needsAnswers.length === 0, needsAnswers };
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
