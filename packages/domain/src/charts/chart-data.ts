/**
 * Chart payloads (spec 01 §3 "Chart data", spec 02 §3 "Single petal data" and
 * "Energy chart item"), built from scores. Ring values follow DESIGN §3: Professional
 * rings are the facet responses, Rapid rings repeat the single response, and a ring
 * whose question is unanswered shows the default 2.
 */
import {
  DEFAULT_CHART_VALUE,
  ENERGY_LEVEL_LABELS,
  ENERGY_LEVELS,
  type EnergyLevelLabel,
  type WellbeingModuleName,
  type WellbeingPetalName,
} from '../model/instrument';
import type { Content } from '../content/schema';
import { indexContent } from '../content/content-index';
import { content as bundledContent } from '../content/load';
import { roundTo } from '../scoring/stats';
import type { AssessmentScores, EnergyTriple, WellspringScore } from '../scoring/types';

/** One ring of a wellspring in a petal chart. */
export interface ChartEntry {
  /** 0..4; 2 when unanswered. Colour it with shadeColour(petal, value). */
  readonly value: number;
  /** Icon asset of the wellspring. */
  readonly icon: string;
  /** Wellspring identifier (e.g. "BeKind"). */
  readonly wellspringName: string;
  /** Display label (e.g. "Be Kind"). */
  readonly label: string;
}

export interface ChartWellspring {
  readonly outer: ChartEntry;
  readonly middle: ChartEntry;
  readonly inner: ChartEntry;
}

/** One petal of the eight- or four-petal chart. */
export interface PetalChartItem {
  /** Petal name, e.g. "Body". */
  readonly id: WellbeingPetalName;
  readonly displayName: string;
  /** The petal's three wellsprings in content order. */
  readonly wellsprings: readonly [ChartWellspring, ChartWellspring, ChartWellspring];
}

/** GetSinglePetalData: the four petals of each module. */
export interface SinglePetalData {
  readonly Experiences: readonly PetalChartItem[];
  readonly Feelings: readonly PetalChartItem[];
}

export type EnergyChartCategory = 'Activity Range' | 'Excitement Range' | 'Overall Energy';

/** A bar/category chart item: energy ranges, mindset, resilience, the profile chart. */
export interface CategoryChartItem<C extends string = string, S extends string = string> {
  readonly category: C;
  readonly values: readonly number[];
  readonly subCategories: readonly S[];
}
export type EnergyChartItem = CategoryChartItem<EnergyChartCategory, EnergyLevelLabel>;

export const ENERGY_SUBCATEGORIES: readonly EnergyLevelLabel[] = ENERGY_LEVELS.map((l) => ENERGY_LEVEL_LABELS[l]);

function chartWellspring(w: WellspringScore): ChartWellspring {
  const entry = (value: number): ChartEntry => ({ value, icon: w.icon, wellspringName: w.wellspringName, label: w.label });
  return { outer: entry(w.chart.outer), middle: entry(w.chart.middle), inner: entry(w.chart.inner) };
}

/** The chart item of one lotus petal. */
export function petalChartItem(scores: AssessmentScores, petal: WellbeingPetalName, content: Content = bundledContent): PetalChartItem {
  const petalContent = indexContent(content).petalByName.get(petal);
  const [a, b, c] = scores.wellsprings.filter((w) => w.petalName === petal).map(chartWellspring);
  if (!a || !b || !c || !petalContent) throw new Error(`Petal ${petal} has no three wellsprings`);
  return { id: petal, displayName: petalContent.displayName, wellsprings: [a, b, c] };
}

/** getEightPetalData: Body, Mind, Connection, Purpose, Openness, Wellness, Significance, Efficacy. */
export function eightPetalData(scores: AssessmentScores, content: Content = bundledContent): PetalChartItem[] {
  return indexContent(content).wellbeingPetals.map((p) => petalChartItem(scores, p.petalName, content));
}

/** GetFourPetalData: the four petals of Experiences (true) or Feelings (false). */
export function fourPetalData(scores: AssessmentScores, isExperience: boolean, content: Content = bundledContent): PetalChartItem[] {
  return modulePetalData(scores, isExperience ? 'Experiences' : 'Feelings', content);
}

export function modulePetalData(scores: AssessmentScores, moduleName: WellbeingModuleName, content: Content = bundledContent): PetalChartItem[] {
  return indexContent(content).wellbeingModules[moduleName].petals.map((p) => petalChartItem(scores, p.petalName, content));
}

/** GetSinglePetalData. */
export function singlePetalData(scores: AssessmentScores, content: Content = bundledContent): SinglePetalData {
  return { Experiences: modulePetalData(scores, 'Experiences', content), Feelings: modulePetalData(scores, 'Feelings', content) };
}

/** Chart values of a triple: rounded to 2 decimals, missing levels shown as the default 2. */
export function chartValues(values: readonly (number | null)[]): number[] {
  return values.map((v) => roundTo(v) ?? DEFAULT_CHART_VALUE);
}

function energyItem(category: EnergyChartCategory, values: EnergyTriple): EnergyChartItem {
  return { category, values: chartValues(values), subCategories: ENERGY_SUBCATEGORIES };
}

/**
 * GetEnergyChartData: Activity Range, Excitement Range and Overall Energy, each [calm, aware,
 * active]; none when Energy has no scores at all (a module below the coverage rule, see
 * scoresWithinCoverage): missing levels are drawn as 2 only inside a module that has scores.
 */
export function energyChartData(scores: AssessmentScores): EnergyChartItem[] {
  if (!hasEnergyScores(scores)) return [];
  return [
    energyItem('Activity Range', scores.energy.activity),
    energyItem('Excitement Range', scores.energy.excitement),
    energyItem('Overall Energy', scores.energy.overall),
  ];
}

/** Whether any energy level has a score (a module below the coverage rule has none). */
export function hasEnergyScores(scores: AssessmentScores): boolean {
  return scores.energy.overall.some((value) => value !== null);
}
