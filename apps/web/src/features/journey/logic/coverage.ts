import type { ModuleCoverage } from '@bloom/contracts';
import type { ModuleSummary } from '../api/types';
import { petalQuestionsPath, rapidModulePath } from '../../../lib/journey-paths';

/** Where a person goes to answer a module: its Rapid page, or the first petal's questions (Professional). */
export function pathToAnswer(module: Pick<ModuleCoverage, 'moduleName'>, isNinetyItem: boolean, modules: readonly ModuleSummary[]): string {
  if (!isNinetyItem) return rapidModulePath(module.moduleName);
  const firstPetal = modules.find((summary) => summary.moduleName.toLowerCase() === module.moduleName.toLowerCase())?.petalNames[0];
  return firstPetal ? petalQuestionsPath(module.moduleName, firstPetal) : rapidModulePath(module.moduleName);
}
