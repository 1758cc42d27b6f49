/**
 * Sentences for the Individual Differences screen, built from the server's comparison phrases
 * ("slightly higher", "somewhat more frequent", "about the same", …; DESIGN §4).
 */
import { formatCount } from '@bloom/domain/format';
import type { IndividualDifferences } from '../api/types';
import { DIFFERENCES_WORDS as W } from '../content/differences';

interface Subject {
  /** Start of the sentence, e.g. "Your positive experiences". */
  text: string;
  plural: boolean;
  /** Adjective for the "about the same" case: "about as frequent as". */
  sameAdjective?: string;
}

const AVERAGE = W.average;
const SIMILAR_PLURAL = W.similarPlural;
const SIMILAR_SINGULAR = W.similarSingular;

function clean(phrase: string | undefined): string {
  return (phrase ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** "slightly higher than", or "about the same as" / "about as frequent as" when there is no real difference. */
export function comparative(phrase: string, sameAdjective?: string): string {
  const words = clean(phrase);
  if (words.startsWith('about the same') || words === 'the same' || words === 'similar') {
    return sameAdjective ? W.aboutAs(sameAdjective) : W.aboutTheSame;
  }
  return W.than(words);
}

function sentence(subject: Subject, phrase: string | undefined, target: string): string | undefined {
  if (clean(phrase) === '') return undefined;
  const verb = subject.plural ? W.are : W.is;
  const object = target === SIMILAR_SINGULAR && subject.plural ? SIMILAR_PLURAL : target;
  return `${subject.text} ${verb} ${comparative(phrase!, subject.sameAdjective)} ${object}.`;
}

export interface DifferenceArea {
  id: 'experiences' | 'feelings' | 'mindset' | 'resilience';
  heading: string;
  sentences: string[];
}

const AREAS: ReadonlyArray<{ id: DifferenceArea['id']; heading: string; subject: Subject }> = (['experiences', 'feelings', 'mindset', 'resilience'] as const).map((id) => {
  const { heading, subject, ...grammar } = W.areas[id];
  return { id, heading, subject: { text: subject, ...grammar } };
});

const present = (s: string | undefined): s is string => s !== undefined;

/**
 * Whether a group of people in similar life situations was really compared with. It was not after
 * Skip All, or when too few people share the person's situation: the "others" phrases then repeat
 * the comparison with everyone, and naming "similar life situations" would be untrue.
 * Payloads without `normGroup` (older servers) tell it by the group being smaller than everyone.
 */
export function usedSimilarLifeSituations(d: IndividualDifferences): boolean {
  if (d.normGroup) return d.normGroup.lifeSituationMatch === 'matched';
  return d.comparisonGroupSize < d.populationSize;
}

/** Overall well-being against the average person, similar others, and similar others against the average. */
export function overallSentences(d: IndividualDifferences): string[] {
  const overall: Subject = { text: W.overall, plural: false };
  const others: Subject = { text: W.othersOverall, plural: false };
  const similar = usedSimilarLifeSituations(d);
  return [
    sentence(overall, d.overallRelativeToAverage, AVERAGE),
    similar ? sentence(overall, d.overallRelativeToOthers, SIMILAR_SINGULAR) : undefined,
    similar ? sentence(others, d.overallOthersVsAverage, AVERAGE) : undefined,
  ].filter(present);
}

export function areaSentences(d: IndividualDifferences): DifferenceArea[] {
  const similar = usedSimilarLifeSituations(d);
  return AREAS.map(({ id, heading, subject }) => ({
    id,
    heading,
    sentences: [
      sentence(subject, d[`${id}RelativeToAverage`], AVERAGE),
      similar ? sentence(subject, d[`${id}RelativeToOthers`], SIMILAR_SINGULAR) : undefined,
    ].filter(present),
  })).filter((area) => area.sentences.length > 0);
}

/**
 * The group compared with: the server's sentence for the norm group it actually used (its size,
 * simulated baseline or live, and whether a similar-life-situations group was used); older
 * payloads get "compared with 412 people in similar life situations, out of 1,000 people overall."
 */
export function comparisonGroupSentence(d: IndividualDifferences): string {
  if (d.normGroup) return d.normGroup.sentence;
  const group = formatCount(d.comparisonGroupSize);
  const population = formatCount(d.populationSize);
  // With too few close matches the whole population is the comparison group: say it once.
  if (d.comparisonGroupSize >= d.populationSize) return W.comparedWithEveryone(population, W.people(d.populationSize));
  return W.comparedWithGroup(population, W.people(d.populationSize), group, W.people(d.comparisonGroupSize));
}
