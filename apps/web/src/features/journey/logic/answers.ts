/**
 * The answers held by a question page and the rule for its Next button (spec 01 §5).
 */
import type { Question, WellspringQuestions } from '../api/types';

/** questionGuid → response (0..4) or null while unanswered. */
export type Answers = Readonly<Record<string, number | null>>;

/** Questions of a page in the order the server sent them (wellspring by wellspring). */
export function pageQuestions(wellsprings: readonly WellspringQuestions[]): Question[] {
  return wellsprings.flatMap((w) => w.questions);
}

/** Saved responses pre-select the radios, so a returning user resumes where they left off. */
export function initialAnswers(questions: readonly Question[]): Answers {
  return Object.fromEntries(questions.map((q) => [q.questionGuid, q.response ?? null]));
}

/** The "every question answered" rule applies only on these paths (spec 01 §5). */
const ANSWER_REQUIRED_PATH = /Rapid\/(Experiences|Feelings)|Questions/i;

export function requiresEveryAnswer(pathname: string): boolean {
  return ANSWER_REQUIRED_PATH.test(pathname);
}

export function isNextEnabled(input: {
  pathname: string;
  loading: boolean;
  questions: readonly Question[];
  answers: Answers;
}): boolean {
  if (input.loading) return false;
  if (!requiresEveryAnswer(input.pathname)) return true;
  return input.questions.every((q) => isResponse(input.answers[q.questionGuid]));
}

export function isResponse(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 4;
}
