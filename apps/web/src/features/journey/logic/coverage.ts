import type { ModuleCoverage, PetalResultsResponse, ResultsCoverage } from '@bloom/contracts';
import { requiredAnswers } from '@bloom/domain/required-answers';
import type { ModuleSummary } from '../api/types';
import { petalQuestionsPath, rapidModulePath } from '../../../lib/journey-paths';

/** Where a person goes to answer a module: its Rapid page, or the first petal's questions (Professional). */
export function pathToAnswer(module: Pick<ModuleCoverage, 'moduleName'>, isNinetyItem: boolean, modules: readonly ModuleSummary[]): string {
  if (!isNinetyItem) return rapidModulePath(module.moduleName);
  const firstPetal = modules.find((summary) => summary.moduleName.toLowerCase() === module.moduleName.toLowerCase())?.petalNames[0];
  return firstPetal ? petalQuestionsPath(module.moduleName, firstPetal) : rapidModulePath(module.moduleName);
}

/** The answers a module or petal needs for results (DESIGN.md §11): the domain's own rule. */
export { requiredAnswers } from '@bloom/domain/required-answers';

export interface AnswerCounts {
  answered: number;
  total: number;
  required: number;
}

/**
 * What a petal's results still need, counted from the questions they come with, or null when they
 * are results: below the coverage rule the server gives the petal no score (decision 0064).
 */
export function petalNeeds(results: PetalResultsResponse): AnswerCounts | null {
  if (results.petal.score !== null) return null;
  const questions = results.wellsprings.flatMap((group) => group.questions);
  return { answered: questions.filter((question) => question.response !== null).length, total: questions.length, required: requiredAnswers(questions.length) };
}

/** The coverage with only this module, when it falls short of the rule, among the modules that need answers (none when it meets it). */
export function moduleShortOfRule(coverage: ResultsCoverage, moduleName: string): ResultsCoverage {
  const name = moduleName.toLowerCase();
  return { ...coverage, needsAnswers: coverage.modules.filter((module) => module.moduleName.toLowerCase() === name && !module.covered) };
}
