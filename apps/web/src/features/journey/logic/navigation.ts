/**
 * Where each journey page leads (spec 01 §4 "Rapid flow", "Professional flow", "Life Situations";
 * DESIGN §2: Experiences → Feelings → Energy on both tracks). Pure functions of the module list
 * the server returns, so a reload or a deep link always resolves to the same next page.
 */
import type { ModuleSummary } from '../api/types';
import { petalQuestionsPath, proModulePath, rapidModulePath } from '../../../lib/journey-paths';

export const RESEARCH_PATH = '/Research';
export const LIFE_SITUATIONS_PATH = '/LifeSituations';
export const INDIVIDUAL_DIFFERENCES_PATH = '/IndividualDifferences';
export const LOTUS_PATH = '/YourLifeLotus';
export const DASHBOARD_PATH = '/Dashboard';

export const petalResultsPath = (moduleName: string, petalName: string) => `/Pro/${moduleName}/${petalName}/Results`;
export const moduleResultsPath = (moduleName: string) => `/Pro/${moduleName}/Results`;
export const positivityPlanPath = (assessmentId: string) => `/PositivityPlan/${encodeURIComponent(assessmentId)}`;

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Routes match case-insensitively, so a URL segment is mapped back to the module's canonical name. */
export function findModule(modules: readonly ModuleSummary[], name: string | undefined): ModuleSummary | undefined {
  return name === undefined ? undefined : modules.find((m) => sameName(m.moduleName, name));
}

/** The canonical petal name within a module, or undefined when the petal is not one of its petals. */
export function findPetalName(module: ModuleSummary, name: string | undefined): string | undefined {
  return name === undefined ? undefined : module.petalNames.find((p) => sameName(p, name));
}

/** After the last module both tracks go to research consent, unless the user already opted in. */
export function afterLastModule(researchOptIn: boolean): string {
  return researchOptIn ? LIFE_SITUATIONS_PATH : RESEARCH_PATH;
}

function nextModule(modules: readonly ModuleSummary[], moduleName: string): ModuleSummary | undefined {
  const index = modules.findIndex((m) => sameName(m.moduleName, moduleName));
  return index < 0 ? undefined : modules[index + 1];
}

/** Rapid: Experiences → Feelings → Energy → /Research or /LifeSituations. */
export function nextAfterRapidModule(modules: readonly ModuleSummary[], moduleName: string, researchOptIn: boolean): string {
  const next = nextModule(modules, moduleName);
  return next ? rapidModulePath(next.moduleName) : afterLastModule(researchOptIn);
}

/** A module intro leads to its first petal: the tracker starts at 0 for every module. */
export function nextAfterModuleIntro(module: ModuleSummary): string {
  const first = module.petalNames[0];
  return first ? petalQuestionsPath(module.moduleName, first) : moduleResultsPath(module.moduleName);
}

/** Petal questions are followed by that petal's results. */
export function nextAfterPetalQuestions(moduleName: string, petalName: string): string {
  return petalResultsPath(moduleName, petalName);
}

/**
 * The petal tracker (spec 01 §4: 0 to 3 for Experiences and Feelings, DESIGN §2: 0 to 1 for Energy),
 * derived from the petal's position in the module so it survives a reload.
 */
export interface PetalTracker {
  /** 0-based position of the petal in its module. */
  index: number;
  /** Position of the module's last petal (3, or 1 for Energy). */
  last: number;
}

export function petalTracker(module: ModuleSummary, petalName: string): PetalTracker | undefined {
  const index = module.petalNames.findIndex((p) => sameName(p, petalName));
  return index < 0 ? undefined : { index, last: module.petalNames.length - 1 };
}

/** Petal results advance the tracker to the next petal's questions; the last petal goes to the module results. */
export function nextAfterPetalResults(module: ModuleSummary, petalName: string): string {
  const tracker = petalTracker(module, petalName);
  if (!tracker || tracker.index >= tracker.last) return moduleResultsPath(module.moduleName);
  return petalQuestionsPath(module.moduleName, module.petalNames[tracker.index + 1]!);
}

/** Experiences results → /Pro/Feelings, Feelings results → /Pro/Energy, Energy results → research or life situations. */
export function nextAfterModuleResults(modules: readonly ModuleSummary[], moduleName: string, researchOptIn: boolean): string {
  const next = nextModule(modules, moduleName);
  return next ? proModulePath(next.moduleName) : afterLastModule(researchOptIn);
}

/** Life Situations Next: the Professional (ninety-item) track sees its benchmark comparison first. */
export function nextAfterLifeSituations(isNinetyItem: boolean): string {
  return isNinetyItem ? INDIVIDUAL_DIFFERENCES_PATH : LOTUS_PATH;
}

/** Skip All always goes straight to the lotus (spec 01 §4). */
export const nextAfterSkipAll = (): string => LOTUS_PATH;
