/**
 * Individual differences (DESIGN §4): each measure compared with the whole norm
 * population (RelativeToAverage), with people in similar life circumstances
 * (RelativeToOthers), and that group with the population (OthersVsAverage).
 */
import { roundTo } from '../scoring/stats';
import type { AssessmentScores } from '../scoring/types';
import { criteriaKey, criteriaLadder, type LifeCriteria, type LifeData } from './life-data';
import { benchmarkSentence, summarizeNormGroup, type NormGroupSummary } from './norm-group';
import { normScoresFrom, type NormGroup, type NormMeasure, type Norms } from './norms';
import { comparisonPhrase, effectSize, NOT_AVAILABLE, type ComparisonWording } from './phrases';

/** GetIndividualDifferences: the spec's 15 phrase fields plus metadata. */
export interface IndividualDifferences {
  readonly overallRelativeToAverage: string;
  readonly overallRelativeToOthers: string;
  readonly overallOthersVsAverage: string;
  readonly experiencesRelativeToAverage: string;
  readonly experiencesRelativeToOthers: string;
  readonly experiencesOthersVsAverage: string;
  readonly feelingsRelativeToAverage: string;
  readonly feelingsRelativeToOthers: string;
  readonly feelingsOthersVsAverage: string;
  readonly mindsetRelativeToAverage: string;
  readonly mindsetRelativeToOthers: string;
  readonly mindsetOthersVsAverage: string;
  readonly resilienceRelativeToAverage: string;
  readonly resilienceRelativeToOthers: string;
  readonly resilienceOthersVsAverage: string;
  /** Size of the similar-others group (the population size when no smaller group qualified). */
  readonly comparisonGroupSize: number;
  readonly populationSize: number;
  /** True when the norms are the provisional baseline; the UI must say so. */
  readonly provisional: boolean;
  /** The norm group actually used, and the sentence that names it (an addition to the spec's fields). */
  readonly normGroup: NormGroupSummary & { readonly sentence: string };
}

export const MEASURE_WORDING: Readonly<Record<NormMeasure, ComparisonWording>> = {
  overall: 'level',
  experiences: 'frequency',
  feelings: 'positivity',
  mindset: 'level',
  resilience: 'level',
};

export interface ComparisonGroup {
  readonly group: NormGroup;
  /** The life-data values the group shares ({} = the whole population). */
  readonly criteria: LifeCriteria;
  readonly isPopulation: boolean;
}

const groupMaps = new WeakMap<Norms, Map<string, NormGroup>>();
function groupsByKey(norms: Norms): Map<string, NormGroup> {
  let map = groupMaps.get(norms);
  if (!map) {
    map = new Map(norms.groups.map((g) => [criteriaKey(g.criteria), g]));
    groupMaps.set(norms, map);
  }
  return map;
}

/**
 * People in similar life circumstances: those matching every stated field; fields are
 * dropped in the fixed order until a stored group exists (n >= minGroupSize, and not dropped
 * for differing from another figure by 1 to 4 people, decision 0078); with nothing left to
 * drop, the whole population.
 */
export function findComparisonGroup(norms: Norms, lifeData: Partial<LifeData> | null | undefined): ComparisonGroup {
  const groups = groupsByKey(norms);
  const minSize = Math.max(norms.minGroupSize, 1);
  for (const criteria of criteriaLadder(lifeData)) {
    const key = criteriaKey(criteria);
    if (key === '') break;
    const group = groups.get(key);
    if (group && group.n >= minSize) return { group, criteria, isPopulation: false };
  }
  return { group: norms.population, criteria: {}, isPopulation: true };
}

/** The individual-differences phrases for scored answers. */
export function individualDifferences(
  scores: AssessmentScores,
  lifeData: Partial<LifeData> | null | undefined,
  norms: Norms,
): IndividualDifferences {
  const mine = normScoresFrom(scores);
  const population = norms.population;
  const comparison = findComparisonGroup(norms, lifeData);
  const { group, isPopulation } = comparison;
  const phrases = {} as Record<string, string>;
  for (const measure of Object.keys(MEASURE_WORDING) as NormMeasure[]) {
    const wording = MEASURE_WORDING[measure];
    const score = mine[measure];
    const pop = population.measures[measure];
    const others = group.measures[measure];
    phrases[`${measure}RelativeToAverage`] = score === null ? NOT_AVAILABLE : comparisonPhrase(effectSize(score, pop.mean, pop.sd), wording);
    phrases[`${measure}RelativeToOthers`] = score === null ? NOT_AVAILABLE : comparisonPhrase(effectSize(score, others.mean, others.sd), wording);
    phrases[`${measure}OthersVsAverage`] = isPopulation ? comparisonPhrase(0, wording) : comparisonPhrase(effectSize(others.mean, pop.mean, pop.sd), wording);
  }
  const normGroup = summarizeNormGroup(norms, comparison, lifeData);
  return {
    ...(phrases as Omit<IndividualDifferences, 'comparisonGroupSize' | 'populationSize' | 'provisional' | 'normGroup'>),
    comparisonGroupSize: group.n,
    populationSize: population.n,
    provisional: norms.provisional,
    normGroup: { ...normGroup, sentence: benchmarkSentence(normGroup) },
  };
}

/** Positivity plan lists: wellsprings you have more / less often than similar others. */
export interface LifeSituationsFrequency {
  readonly experiencesMore: readonly string[];
  readonly experiencesLess: readonly string[];
  readonly feelingsMore: readonly string[];
  readonly feelingsLess: readonly string[];
}

/** A wellspring makes a list when |d| against the similar-others group is at least this ("somewhat" or more). */
export const LIFE_SITUATION_MIN_EFFECT = 0.5;

/** Wellspring labels whose score differs from similar others by |d| >= 0.5, largest difference first. */
export function lifeSituationsFrequency(
  scores: AssessmentScores,
  lifeData: Partial<LifeData> | null | undefined,
  norms: Norms,
): LifeSituationsFrequency {
  const { group } = findComparisonGroup(norms, lifeData);
  const diffs = scores.wellsprings.flatMap((w) => {
    const stat = group.wellsprings[w.wellspringName];
    if (w.score === null || !stat || stat.n === 0) return [];
    const d = effectSize(w.score, stat.mean, stat.sd);
    return Math.abs(d) >= LIFE_SITUATION_MIN_EFFECT ? [{ w, d: roundTo(d, 6) ?? 0 }] : [];
  });
  const list = (moduleName: 'Experiences' | 'Feelings', more: boolean) =>
    diffs
      .filter(({ w, d }) => w.moduleName === moduleName && (more ? d > 0 : d < 0))
      .sort((a, b) => Math.abs(b.d) - Math.abs(a.d)) // stable: ties stay in content order
      .map(({ w }) => w.label);
  return {
    experiencesMore: list('Experiences', true),
    experiencesLess: list('Experiences', false),
    feelingsMore: list('Feelings', true),
    feelingsLess: list('Feelings', false),
  };
}
