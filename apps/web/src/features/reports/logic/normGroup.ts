import { formatCount } from '@bloom/domain/format';
import type { IndividualDifferences } from '../api/types';
import { DIFFERENCES_TEXT } from '../content/differences';

/**
 * Whether the report really compared with a group of people in similar life situations. It did
 * not after Skip All, or when too few people share the person's situation (or under the baseline,
 * which has no such groups): those comparisons are then with everyone, and must be worded so.
 * Reports cached by an older server lack `normGroup`; a group as large as everyone means the same.
 */
export function usedSimilarLifeSituations(differences: IndividualDifferences): boolean {
  if (differences.normGroup) return differences.normGroup.lifeSituationMatch === 'matched';
  return differences.comparisonGroupSize < differences.populationSize;
}

/** The sentence naming the group compared with: the server's, built from the norm group it used. */
export function comparisonGroupNote(differences: IndividualDifferences): string {
  if (differences.normGroup) return differences.normGroup.sentence;
  return differences.provisional
    ? DIFFERENCES_TEXT.provisionalGroup(formatCount(differences.populationSize))
    : DIFFERENCES_TEXT.liveGroup(formatCount(differences.comparisonGroupSize), formatCount(differences.populationSize));
}
