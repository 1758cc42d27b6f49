import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, NO_ANSWER_STATUS } from '../../../lib/api';
import { saveResponses } from '../api/save-responses';
import { JOURNEY_QUERY_KEY } from '../api/queries';
import type { Question } from '../api/types';
import { AnswerSaver, type SaveFailure, type SaverSnapshot } from '../logic/answerSaver';

/**
 * No session, no assessment, or answers the assessment cannot take: retrying will not help. Of
 * those, an assessment whose plan was bought (409 answers_locked, decision 0074) keeps its answers.
 * Anything else (offline, a timeout, a busy or restarting server) may pass, so it can be retried.
 */
export function classifySaveFailure(error: unknown): SaveFailure {
  if (!(error instanceof ApiError) || error.status === NO_ANSWER_STATUS) return 'retryable';
  if (error.code === 'answers_locked') return 'locked';
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429 ? 'session' : 'retryable';
}

/** The page's AnswerSaver, with a snapshot that re-renders the page as saves come and go. */
export function useAnswerSaver(questions: readonly Question[]): { saver: AnswerSaver; snapshot: SaverSnapshot } {
  const queryClient = useQueryClient();
  const [snapshot, setSnapshot] = useState<SaverSnapshot>({ unsaved: 0, inFlight: 0, failure: null });
  const [saver] = useState(() => {
    const created: AnswerSaver = new AnswerSaver(
      async (answers) => {
        await saveResponses(answers);
        // Results and charts are computed from the answers: mark them stale without refetching this page.
        void queryClient.invalidateQueries({ queryKey: JOURNEY_QUERY_KEY, refetchType: 'none' });
      },
      classifySaveFailure,
      () => setSnapshot(created.snapshot()),
    );
    created.track(questions);
    return created;
  });
  return { saver, snapshot };
}
