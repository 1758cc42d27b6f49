/**
 * The Life Situations form as pure state (spec 01 §2 "Life Situations form", §4, §5):
 * each question holds either a chosen value or "Prefer not to say", never both.
 */
import { AGE_NOT_STATED, PREFER_NOT_TO_SAY } from '@bloom/contracts/constants';
import type { LifeData } from '@bloom/contracts';
import type { LifeField, LifeQuestion } from '../api/types';

export const AGE_MIN = 13;
export const AGE_MAX = 120;

export interface LifeAnswer {
  /** The dropdown choice, or the typed age, as text; '' when empty. */
  value: string;
  preferNotToSay: boolean;
}

export type LifeAnswers = Partial<Record<LifeField, LifeAnswer>>;

export const EMPTY_ANSWER: LifeAnswer = { value: '', preferNotToSay: false };

/** Choosing a value clears "Prefer not to say"; an emptied value leaves the question unanswered. */
export function chooseValue(value: string): LifeAnswer {
  return { value, preferNotToSay: false };
}

/**
 * Choosing the "Prefer not to say" radio clears the dropdown (or the age). A radio is never
 * unticked by itself: choosing a value is what takes it back.
 */
export function choosePreferNotToSay(): LifeAnswer {
  return { value: '', preferNotToSay: true };
}

export function ageBounds(question: LifeQuestion): { min: number; max: number } {
  return { min: question.min ?? AGE_MIN, max: question.max ?? AGE_MAX };
}

/** A whole number of years inside the bounds, or undefined. */
export function parseAge(text: string, bounds: { min: number; max: number } = { min: AGE_MIN, max: AGE_MAX }): number | undefined {
  if (!/^\d{1,3}$/.test(text.trim())) return undefined;
  const age = Number(text.trim());
  return age >= bounds.min && age <= bounds.max ? age : undefined;
}

/** Whether the typed age is something other than empty or valid (to show a message). */
export function isAgeInvalid(question: LifeQuestion, answer: LifeAnswer | undefined): boolean {
  if (question.kind !== 'number' || !answer || answer.preferNotToSay || answer.value.trim() === '') return false;
  return parseAge(answer.value, ageBounds(question)) === undefined;
}

export function isAnswered(question: LifeQuestion, answer: LifeAnswer | undefined): boolean {
  if (!answer) return false;
  if (answer.preferNotToSay) return true;
  if (question.kind === 'number') return parseAge(answer.value, ageBounds(question)) !== undefined;
  return question.options.includes(answer.value);
}

/** Next is enabled only when all seven are filled; "Prefer not to say" counts as filled. */
export function isLifeFormComplete(questions: readonly LifeQuestion[], answers: LifeAnswers): boolean {
  return questions.length > 0 && questions.every((q) => isAnswered(q, answers[q.field]));
}

const TEXT_FIELDS = ['relationshipStatus', 'parentingStatus', 'employmentStatus', 'gender', 'income', 'stressfulEvents'] as const;

/** The body of POST /api/user/SaveLifeData; call only when the form is complete. */
export function buildLifeData(questions: readonly LifeQuestion[], answers: LifeAnswers): LifeData {
  const data = skipAllLifeData();
  for (const question of questions) {
    const answer = answers[question.field];
    if (!answer || answer.preferNotToSay) continue;
    if (question.field === 'age') data.age = parseAge(answer.value, ageBounds(question)) ?? AGE_NOT_STATED;
    else data[question.field] = answer.value;
  }
  return data;
}

/** Skip All: every field "Prefer not to say", age -1 (not stated). */
export function skipAllLifeData(): LifeData {
  const data = Object.fromEntries(TEXT_FIELDS.map((f) => [f, PREFER_NOT_TO_SAY])) as Omit<LifeData, 'age'>;
  return { ...data, age: AGE_NOT_STATED };
}

/**
 * A returning person's last life situations as form answers (issue 23 §6). An answer the form no
 * longer offers is left empty rather than guessed; "Prefer not to say" stays a deliberate choice.
 */
export function lifeAnswersFrom(questions: readonly LifeQuestion[], data: LifeData): LifeAnswers {
  const answers: LifeAnswers = {};
  for (const question of questions) {
    if (question.field === 'age') {
      if (data.age === AGE_NOT_STATED) answers.age = choosePreferNotToSay();
      else if (parseAge(String(data.age), ageBounds(question)) !== undefined) answers.age = chooseValue(String(data.age));
      continue;
    }
    const value = data[question.field];
    if (value === PREFER_NOT_TO_SAY) answers[question.field] = choosePreferNotToSay();
    else if (question.options.includes(value)) answers[question.field] = chooseValue(value);
  }
  return answers;
}
