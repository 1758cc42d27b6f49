/**
 * Answers kept across the sign-in that brings a member back to the question page where their
 * session ended (DESIGN.md §11, decision 0069): the page's answers go to this tab's session
 * storage before the browser leaves for the provider, and the page, opened again by that sign-in,
 * chooses the ones the server does not hold yet, so they are saved as if just chosen. Loaded only
 * by a page that has them or whose session ended, never in a question page's first paint.
 */
import { api } from '../../../lib/api-client';
import { keepSessionValue, readSessionValue } from '../../../lib/session-storage';
import { pathEquals } from '../../../lib/paths';
import type { Question } from '../api/types';
import { SESSION_ENDED_TEXT } from '../content/session-ended';
import { KEPT_ANSWERS_KEY } from './answerSaver';
import { isResponse, type Answers } from './answers';

/** Kept answers older than this are dropped: whoever comes back after so long has moved on. */
export const KEPT_ANSWERS_FOR_MS = 60 * 60 * 1000;

interface KeptAnswers {
  path: string;
  userId: string;
  keptAt: number;
  answers: Record<string, number>;
}

/** Whether this tab's session storage keeps a value (private modes and strict settings may refuse it). */
export function canKeepAnswers(): boolean {
  const probe = `${KEPT_ANSWERS_KEY}.probe`;
  keepSessionValue(probe, '1');
  const kept = readSessionValue(probe) === '1';
  keepSessionValue(probe, null);
  return kept;
}

/** Keeps the answers chosen on `path` by `userId` for the sign-in's return. */
export function keepAnswers(path: string, userId: string, answers: Answers, now = Date.now()): void {
  const chosen: Record<string, number> = {};
  for (const [guid, response] of Object.entries(answers)) if (isResponse(response)) chosen[guid] = response;
  const kept: KeptAnswers = { path, userId, keptAt: now, answers: chosen };
  keepSessionValue(KEPT_ANSWERS_KEY, JSON.stringify(kept));
}

/**
 * The answers kept on `path` by `userId`, read once: whatever page reads them first forgets them,
 * so they never wait for a later visit. Another page's, another person's (someone else signed in
 * on the provider's page), or older than KEPT_ANSWERS_FOR_MS: none.
 */
export function takeKeptAnswers(path: string, userId: string | null, now = Date.now()): Record<string, number> | null {
  const stored = readSessionValue(KEPT_ANSWERS_KEY);
  keepSessionValue(KEPT_ANSWERS_KEY, null);
  let kept: Partial<KeptAnswers>;
  try {
    kept = JSON.parse(stored ?? 'null') as Partial<KeptAnswers>;
  } catch {
    return null;
  }
  if (!kept || typeof kept.path !== 'string' || !pathEquals(kept.path, path) || userId === null || kept.userId !== userId) return null;
  if (typeof kept.keptAt !== 'number' || now < kept.keptAt || now - kept.keptAt > KEPT_ANSWERS_FOR_MS) return null;
  if (!kept.answers || typeof kept.answers !== 'object') return null;
  const answers: Record<string, number> = {};
  for (const [guid, response] of Object.entries(kept.answers)) if (isResponse(response)) answers[guid] = response;
  return answers;
}

/** The kept answers this page's questions do not hold yet, in the page's order. */
export function answersToRestore(questions: readonly Question[], kept: Readonly<Record<string, number>>): Array<{ question: Question; response: number }> {
  return questions.flatMap((question) => {
    const response = kept[question.questionGuid];
    return isResponse(response) && response !== question.response ? [{ question, response }] : [];
  });
}

/** What the question page lends the restore: its own way of choosing an answer and of saving. */
export interface RestoreTarget {
  path: string;
  questions: readonly Question[];
  choose: (question: Question, response: number) => void;
  saveAll: () => Promise<boolean>;
  /** Says, in the page's status line, how many kept answers are saved now. */
  announce: (text: string) => void;
}

/**
 * Chooses the answers kept on this page by the person signed in now that the server does not hold,
 * as the person would, and once they are all saved says so. A save that fails shows the page's
 * usual message, with the answers still chosen. Asks the server who is signed in itself (a call
 * made only when answers were kept), so the page's first paint carries nothing of this.
 */
export async function restoreKeptAnswers(target: RestoreTarget): Promise<void> {
  let userId: string | null;
  try {
    userId = (await api.getCurrentUser())?.id ?? null;
  } catch {
    // A lookup that failed says nothing of who is signed in (decision 0062): the answers stay for a reload.
    return;
  }
  const kept = takeKeptAnswers(target.path, userId);
  if (!kept) return;
  const restore = answersToRestore(target.questions, kept);
  if (restore.length === 0) return;
  for (const { question, response } of restore) target.choose(question, response);
  if (await target.saveAll()) target.announce(SESSION_ENDED_TEXT.keptAnswersSaved(restore.length));
}
