import type { LifeData, SavedResponse } from '@bloom/contracts';
import { LifeDataSchema, lookupQuestion, questionsForTrack, trackOf } from '@bloom/domain';

/**
 * The server's questions to the instrument: is this answer allowed on this
 * assessment, is the assessment finished, is this life data valid. Returns a
 * human-readable problem, or null when all is well.
 */
export function validateAnswersForTrack(responses: readonly SavedResponse[], isNinetyItem: boolean): string | null {
  const track = trackOf(isNinetyItem);
  for (const response of responses) {
    const question = lookupQuestion(response.questionGuid);
    if (!question) return `Unknown question ${response.questionGuid}.`;
    if (question.track !== track) return `Question ${response.questionGuid} is not part of the ${track} assessment.`;
  }
  return null;
}

/**
 * Whether every question of the page is a Professional one (true) or every one a Rapid one
 * (false); undefined when the page is empty, mixes the tracks or names an unknown question.
 */
export function trackOfAnswers(responses: readonly SavedResponse[]): boolean | undefined {
  let isNinetyItem: boolean | undefined;
  for (const response of responses) {
    const track = lookupQuestion(response.questionGuid)?.track;
    if (track === undefined) return undefined;
    const professional = track === trackOf(true);
    if (isNinetyItem !== undefined && isNinetyItem !== professional) return undefined;
    isNinetyItem = professional;
  }
  return isNinetyItem;
}

const questionCountByTrack = {
  Rapid: questionsForTrack('Rapid').length,
  Professional: questionsForTrack('Professional').length,
};

/** Every question of the track answered: `answered` counts distinct questions, and answers only ever hold the track's own guids. */
export function isAssessmentComplete(answered: number, isNinetyItem: boolean): boolean {
  return answered >= questionCountOf(isNinetyItem);
}

/** How many answers complete an assessment of this track. */
export function questionCountOf(isNinetyItem: boolean): number {
  return questionCountByTrack[trackOf(isNinetyItem)];
}

export function validateLifeData(lifeData: LifeData): string | null {
  const result = LifeDataSchema.safeParse(lifeData);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return `Invalid life situations (${issue?.path.join('.') ?? 'body'}): ${issue?.message ?? 'not a listed option'}`;
}
