import type { SavedResponse } from '@bloom/contracts';
import { api } from '../../../lib/api-client';

/**
 * `saveQuestionResponse` (spec 01 §7). Answers are the exception to spec 01 §8's "a failed save is
 * ignored": DESIGN.md §11 never lets one be lost silently, so a failure is thrown, and the page
 * keeps the answer and offers a retry. Sent with keepalive, so a save on its way when the page is
 * reloaded or left still arrives.
 */
export async function saveResponses(responses: SavedResponse[]): Promise<void> {
  await api.saveQuestionResponse({ body: responses }, { keepalive: true });
}
