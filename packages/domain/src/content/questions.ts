/** The question index of the bundled content, for validating saved responses. */
import type { Track } from '../model/instrument';
import { indexContent, type QuestionIndexEntry } from './content-index';
import { content } from './load';

/** questionGuid (lowercase) → where it sits and which track asks it (120 entries). */
export const questionIndex: ReadonlyMap<string, QuestionIndexEntry> = indexContent(content).questionIndex;

/** The question of a guid (any case), or undefined for an unknown guid. */
export function lookupQuestion(questionGuid: string): QuestionIndexEntry | undefined {
  return questionIndex.get(questionGuid.trim().toLowerCase());
}

/** The questions a track asks, in module order (Rapid 30, Professional 90). */
export function questionsForTrack(track: Track): readonly QuestionIndexEntry[] {
  return indexContent(content).questionsByTrack[track];
}
