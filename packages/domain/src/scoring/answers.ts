/** Building and checking the answers map that scoring takes. */
import { RESPONSE_MAX, RESPONSE_MIN } from '../model/instrument';

/** A saved response row as the server stores it. */
export interface SavedResponse {
  readonly questionGuid: string;
  readonly response: number | null;
}

/** True for an integer response on the 0..4 scale. */
export function isValidResponse(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= RESPONSE_MIN && value <= RESPONSE_MAX;
}

/** Lowercases a guid so it matches the content pack's keys. */
export const normalizeGuid = (guid: string): string => guid.trim().toLowerCase();

/**
 * Builds the answers map from saved rows. Null responses are skipped (unanswered);
 * a later row for the same guid wins (a changed answer). Throws on a value off the scale.
 */
export function answersFromResponses(rows: Iterable<SavedResponse>): Map<string, number> {
  const answers = new Map<string, number>();
  for (const row of rows) {
    if (row.response === null) {
      answers.delete(normalizeGuid(row.questionGuid));
      continue;
    }
    if (!isValidResponse(row.response)) throw new RangeError(`Response for ${row.questionGuid} must be an integer 0..4, got ${row.response}`);
    answers.set(normalizeGuid(row.questionGuid), row.response);
  }
  return answers;
}

/** The response of a question, or null when unanswered. Throws on a value off the scale. */
export function responseOf(answers: ReadonlyMap<string, number | null>, guid: string): number | null {
  const value = answers.get(guid);
  if (value === undefined || value === null) return null;
  if (!isValidResponse(value)) throw new RangeError(`Response for ${guid} must be an integer 0..4, got ${String(value)}`);
  return value;
}
