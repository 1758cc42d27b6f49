/**
 * Builders for the journey's content endpoints (spec 01 §7). The server passes the
 * assessment's answers map (keyed by lowercase questionGuid) so saved responses come
 * back in the questions; unknown names return null (the server answers 404).
 */
import {
  DEFAULT_CHART_VALUE,
  ENERGY_LEVEL_LABELS,
  FACETS,
  MODULE_NAMES,
  MODULE_PETALS,
  isModuleName,
  isPetalName,
  type ModuleName,
  type PetalName,
  type Track,
} from '../model/instrument';
import type { Content, EnergyPetalContent, QuestionContent, WellbeingPetalContent } from '../content/schema';
import { indexContent, isWellbeingPetalContent, type AnyPetalContent } from '../content/content-index';
import { content as bundledContent } from '../content/load';
import { energyChartData, modulePetalData, petalChartItem, type ChartWellspring, type PetalChartItem } from '../charts/chart-data';
import { responseOf } from '../scoring/answers';
import { meanOf, roundTo } from '../scoring/stats';
import { scoreAssessment, trackOf } from '../scoring/score-assessment';
import { bandOf, bandText } from '../reports/texts';
import type {
  ModuleAndPetals,
  ModuleQuestions,
  ModuleResults,
  ModuleView,
  ModuleWithPetals,
  PetalQuestions,
  PetalResults,
  PetalView,
  QuestionView,
  WellspringQuestions,
  WellspringResult,
} from './types';

type Answers = ReadonlyMap<string, number>;

/** Case-insensitive module lookup ("experiences" → "Experiences"). */
export function resolveModuleName(name: string): ModuleName | null {
  const match = MODULE_NAMES.find((m) => m.toLowerCase() === name.trim().toLowerCase());
  return match && isModuleName(match) ? match : null;
}

/** Case-insensitive petal lookup ("body" → "Body"). */
export function resolvePetalName(name: string): PetalName | null {
  const all = Object.values(MODULE_PETALS).flat();
  const match = all.find((p) => p.toLowerCase() === name.trim().toLowerCase());
  return match && isPetalName(match) ? match : null;
}

/** GetModulesAndPetals: Experiences, Feelings and Energy with their petal names. */
export function getModulesAndPetals(): ModuleAndPetals[] {
  return MODULE_NAMES.map((moduleName) => ({ moduleName, petalNames: MODULE_PETALS[moduleName] }));
}

function moduleView(moduleName: ModuleName, content: Content): ModuleView {
  const module = indexContent(content).modules[moduleName];
  return {
    moduleName,
    displayName: module.displayName,
    introText: module.introText,
    graphic: module.graphic,
    leadIn: module.leadIn,
    feelingsLeadIn: module.moduleName === 'Energy' ? module.feelingsLeadIn : null,
    petalNames: MODULE_PETALS[moduleName],
  };
}

function petalView(petal: AnyPetalContent, content: Content): PetalView {
  const index = indexContent(content);
  // The schema guarantees every petal has a palette entry.
  const colours = content.palette.petals[petal.petalName]!;
  return {
    petalName: petal.petalName,
    moduleName: index.moduleOfPetal.get(petal.petalName)!,
    displayName: petal.displayName,
    introText: petal.introText,
    colour: colours.colour,
    shades: colours.shades,
    wellsprings: isWellbeingPetalContent(petal)
      ? petal.wellsprings.map((w) => ({ wellspringName: w.wellspringName, label: w.label, icon: w.icon, description: w.description, energyLevel: w.energyLevel }))
      : petal.levels.map((l) => ({ wellspringName: l.label, label: l.label, icon: l.icon, description: l.description, energyLevel: l.energyLevel })),
  };
}

/** GetModuleByName: the module's texts and its petals; null for an unknown name. */
export function getModuleByName(name: string, content: Content = bundledContent): ModuleWithPetals | null {
  const moduleName = resolveModuleName(name);
  if (!moduleName) return null;
  const index = indexContent(content);
  return { ...moduleView(moduleName, content), petals: index.modules[moduleName].petals.map((p) => petalView(p, content)) };
}

function question(q: QuestionContent, answers: Answers, content: Content): QuestionView {
  const guid = q.questionGuid.toLowerCase();
  const entry = indexContent(content).questionIndex.get(guid)!;
  return { questionGuid: guid, questionText: q.questionText, order: entry.order, response: responseOf(answers, guid) };
}

function wellbeingGroups(petal: WellbeingPetalContent, track: Track, answers: Answers, content: Content): WellspringQuestions[] {
  return petal.wellsprings.map((w) => ({
    wellspringName: w.wellspringName,
    label: w.label,
    petalName: petal.petalName,
    petalDisplayName: petal.displayName,
    icon: w.icon,
    energyLevel: w.energyLevel,
    questions:
      track === 'Rapid'
        ? [question(w.rapidItem, answers, content)]
        : FACETS.map((facet) => question(w.professionalItems[facet], answers, content)),
  }));
}

function energyGroups(petal: EnergyPetalContent, track: Track, answers: Answers, content: Content): WellspringQuestions[] {
  return petal.levels.map((l) => ({
    wellspringName: ENERGY_LEVEL_LABELS[l.energyLevel],
    label: l.label,
    petalName: petal.petalName,
    petalDisplayName: petal.displayName,
    icon: l.icon,
    energyLevel: l.energyLevel,
    questions: track === 'Rapid' ? [question(l.rapidItem, answers, content)] : l.professionalItems.map((q) => question(q, answers, content)),
  }));
}

function groupsOf(petal: AnyPetalContent, track: Track, answers: Answers, content: Content): WellspringQuestions[] {
  return isWellbeingPetalContent(petal) ? wellbeingGroups(petal, track, answers, content) : energyGroups(petal, track, answers, content);
}

/**
 * GetModuleQuestions: every question of the module for the track, grouped by wellspring
 * (Energy: by petal and level), with order 1..n and saved responses.
 * Rapid: 12 groups × 1 question (Energy: 6 groups × 1: Activity calm/aware/active, then
 * Excitement calm/aware/active; show feelingsLeadIn before order 4).
 * Professional: 12 groups × 3 (inner, middle, outer) (Energy: 6 groups × 3).
 */
export function getModuleQuestions(
  moduleName: string,
  track: Track,
  answers: Answers = new Map(),
  content: Content = bundledContent,
): ModuleQuestions | null {
  const name = resolveModuleName(moduleName);
  if (!name) return null;
  const petals = indexContent(content).modules[name].petals;
  return {
    module: moduleView(name, content),
    track,
    wellsprings: petals.flatMap((p: AnyPetalContent) => groupsOf(p, track, answers, content)),
  };
}

/**
 * GetPetalQuestions: the petal and its Professional questions: 3 wellsprings × inner,
 * middle, outer (energy petals: calm, aware, active × 3 items). Orders are the stable
 * module-wide positions (Mind shows 10..18); number them by position for display.
 */
export function getPetalQuestions(petalName: string, answers: Answers = new Map(), content: Content = bundledContent): PetalQuestions | null {
  const name = resolvePetalName(petalName);
  const petal = name ? indexContent(content).petalByName.get(name) : undefined;
  if (!petal) return null;
  return { petal: petalView(petal, content), wellsprings: groupsOf(petal, 'Professional', answers, content) };
}

/**
 * The petal results page's chart (spec 01 §2: "a single petal chart built from the averages of
 * the petal's three wellsprings"): each wellspring's inner, middle and outer rings all at its
 * `average`, the mean of its answered items, so it is drawn in one shade. A wellspring with no
 * answer has no average and is drawn at the default 2, as every missing chart value is (DESIGN §3);
 * below the petal's coverage rule the server sends no chart at all (decision 0064). The lotus, the
 * module's four petals and the reports keep a ring per facet (`petalChartItem`).
 */
function averagesChartItem(item: PetalChartItem, wellsprings: readonly WellspringResult[]): PetalChartItem {
  const atAverage = (w: ChartWellspring): ChartWellspring => {
    const value = wellsprings.find((g) => g.wellspringName === w.inner.wellspringName)?.average ?? DEFAULT_CHART_VALUE;
    return { outer: { ...w.outer, value }, middle: { ...w.middle, value }, inner: { ...w.inner, value } };
  };
  const [a, b, c] = item.wellsprings;
  return { ...item, wellsprings: [atAverage(a), atAverage(b), atAverage(c)] };
}

/**
 * GetPetalResults: the petal's band texts, each wellspring's questions and average,
 * and its chart, drawn from those averages. Petal results belong to the Professional
 * flow, hence the default.
 */
export function getPetalResults(
  petalName: string,
  answers: Answers = new Map(),
  isNinetyItem = true,
  content: Content = bundledContent,
): PetalResults | null {
  const name = resolvePetalName(petalName);
  const petal = name ? indexContent(content).petalByName.get(name) : undefined;
  if (!name || !petal) return null;
  const track = trackOf(isNinetyItem);
  const scores = scoreAssessment({ isNinetyItem, answers }, content);
  const wellbeing = isWellbeingPetalContent(petal);
  const score = wellbeing ? scores.petals[petal.petalName] : scores.energyPetals[petal.petalName];
  const band = bandOf(score);
  const wellsprings: WellspringResult[] = groupsOf(petal, track, answers, content).map((g) => ({
    ...g,
    average: roundTo(meanOf(g.questions.map((q) => q.response))),
  }));
  const energyItem = energyChartData(scores).find((c) => c.category === (petal.petalName === 'Activity' ? 'Activity Range' : 'Excitement Range'));
  return {
    petal: {
      ...petalView(petal, content),
      score: roundTo(score),
      band,
      resultText: bandText(petal.resultText, band, content),
      contributorText: bandText(petal.contributorText, band, content),
    },
    wellsprings,
    chartData: wellbeing ? averagesChartItem(petalChartItem(scores, petal.petalName, content), wellsprings) : null,
    energyChartData: wellbeing ? null : (energyItem ?? null),
  };
}

/** GetModuleResults: the module's band texts, petal scores and chart. */
export function getModuleResults(
  moduleName: string,
  answers: Answers = new Map(),
  isNinetyItem = true,
  content: Content = bundledContent,
): ModuleResults | null {
  const name = resolveModuleName(moduleName);
  if (!name) return null;
  const module = indexContent(content).modules[name];
  const scores = scoreAssessment({ isNinetyItem, answers }, content);
  const score =
    name === 'Experiences' ? scores.wellBeing.experiences : name === 'Feelings' ? scores.wellBeing.feelings : meanOf(scores.energy.overall);
  const band = bandOf(score);
  return {
    module: moduleView(name, content),
    score: roundTo(score),
    band,
    resultsText1: bandText(module.resultsText1, band, content),
    resultsText2: bandText(module.resultsText2, band, content),
    petals: module.petals.map((p: AnyPetalContent) => {
      const petalScore = isWellbeingPetalContent(p) ? scores.petals[p.petalName] : scores.energyPetals[p.petalName];
      const petalBand = bandOf(petalScore);
      return { petalName: p.petalName, displayName: p.displayName, score: roundTo(petalScore), band: petalBand, resultText: bandText(p.resultText, petalBand, content) };
    }),
    chartData: name === 'Energy' ? [] : modulePetalData(scores, name, content),
    energyChartData: name === 'Energy' ? energyChartData(scores) : [],
  };
}
