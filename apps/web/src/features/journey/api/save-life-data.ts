import type { LifeData } from '@bloom/contracts';
import { ApiError } from '../../../lib/api';
import { api } from '../../../lib/api-client';

/** How a save of the life situations went; anything but `saved` keeps the page where it is. */
export type LifeDataSave = 'saved' | 'locked' | 'session' | 'failed';

/**
 * `saveLifeData` (spec 01 §7). Life situations are answers too, so a failure is not only logged
 * (spec 01 §8) but said, and the page moves on only once they are kept (DESIGN.md §11):
 * - `locked`: the assessment's plan was bought, so they stay as they are (409 answers_locked, decision 0074);
 * - `session`: retrying cannot help, no session or no assessment (a 4xx other than 408 and 429, as
 *   for an answer's save, hooks/useAnswerSaver `classifySaveFailure`);
 * - `failed`: it may pass (offline, a timeout, a busy or restarting server): the page offers to try again.
 * A plain call rather than a TanStack mutation, whose code the page's first paint would carry for nothing.
 */
export async function saveLifeData(data: LifeData): Promise<LifeDataSave> {
  try {
    await api.saveLifeData({ body: data });
    return 'saved';
  } catch (error) {
    if (error instanceof ApiError && error.code === 'answers_locked') return 'locked';
    console.error('Saving life situations failed', error);
    const final = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
    return final ? 'session' : 'failed';
  }
}
