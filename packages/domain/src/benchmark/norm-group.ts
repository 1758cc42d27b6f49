/**
 * Which norm group a comparison really used, and the sentence that says so (issue 23 part 2).
 * Copy about benchmarking must match the numbers: its size, whether it is the simulated,
 * provisional baseline or live norms, and whether a group of people in similar life
 * situations was used at all (it is not when the person shared no life situation, or when
 * the norms hold no large enough group for it).
 */
import wording from '../content/norm-group-wording.json';
import { formatCount } from '../format/count';
import { statedCriteria, type LifeData } from './life-data';
import type { Norms } from './norms';

/**
 * How "people in similar life situations" was formed:
 * - `matched`: a group sharing some of the person's stated life-situation answers;
 * - `not_shared`: the person stated none (Skip All, or every answer "Prefer not to say");
 * - `too_few_similar`: live norms, but no stored group matches (none of at least the minimum size, or the ones there were dropped by decision 0078's rule);
 * - `no_groups`: the norms hold no life-situation groups at all (the baseline).
 * Anything but `matched` means the "similar" comparison is the whole population again.
 */
export type LifeSituationMatch = 'matched' | 'not_shared' | 'too_few_similar' | 'no_groups';

export interface NormGroupSummary {
  readonly source: Norms['source'];
  readonly provisional: boolean;
  readonly populationSize: number;
  /** The similar-others group's size; equals populationSize unless `lifeSituationMatch` is `matched`. */
  readonly comparisonGroupSize: number;
  readonly lifeSituationMatch: LifeSituationMatch;
}

/** The summary of a comparison, given the group `findComparisonGroup` chose for this person. */
export function summarizeNormGroup(
  norms: Norms,
  comparison: { readonly group: { readonly n: number }; readonly isPopulation: boolean },
  lifeData: Partial<LifeData> | null | undefined,
): NormGroupSummary {
  let lifeSituationMatch: LifeSituationMatch = 'matched';
  if (comparison.isPopulation) {
    if (Object.keys(statedCriteria(lifeData)).length === 0) lifeSituationMatch = 'not_shared';
    else lifeSituationMatch = norms.groups.length === 0 ? 'no_groups' : 'too_few_similar';
  }
  return {
    source: norms.source,
    provisional: norms.provisional,
    populationSize: norms.population.n,
    comparisonGroupSize: comparison.group.n,
    lifeSituationMatch,
  };
}

type NounForms = { readonly one: string; readonly other: string };

function counted(template: string, count: number, noun: NounForms): string {
  return template.replace('{count}', formatCount(count)).replace('{noun}', Math.round(count) === 1 ? noun.one : noun.other);
}

const LIFE_SITUATION_TEXT: Record<Exclude<LifeSituationMatch, 'matched'>, string> = {
  not_shared: wording.lifeSituation.notShared,
  too_few_similar: wording.lifeSituation.tooFewSimilar,
  no_groups: wording.lifeSituation.noGroups,
};

/**
 * The sentence that names the group compared with, for example "Your results were compared
 * with a provisional reference group of 1,000 simulated answer profiles, not real people. You
 * chose not to share your life situation, so every comparison is with the whole group."
 */
export function benchmarkSentence(summary: NormGroupSummary): string {
  const isBaseline = summary.source === 'baseline';
  const reference = isBaseline ? wording.reference.baseline : summary.provisional ? wording.reference.liveProvisional : wording.reference.live;
  const first = counted(reference, summary.populationSize, isBaseline ? wording.nouns.baseline : wording.nouns.live);
  const second =
    summary.lifeSituationMatch === 'matched'
      ? counted(wording.lifeSituation.matched, summary.comparisonGroupSize, isBaseline ? wording.nouns.baseline : wording.nouns.live)
      : LIFE_SITUATION_TEXT[summary.lifeSituationMatch];
  return `${first} ${second}`;
}
