import { describe, expect, it } from 'vitest';
import type { Question } from '../api/types';
import { initialAnswers, isNextEnabled, pageQuestions, requiresEveryAnswer } from './answers';

const q = (n: number, response: number | null = null): Question => ({
  questionGuid: `00000000-0000-4000-8000-00000000000${n}`,
  questionText: `Question ${n}`,
  order: n,
  response,
});

describe('the question page Next rule', () => {
  const questions = [q(1, 3), q(2)];

  // Spec 01 §5: "only on paths containing Rapid/Experiences, Rapid/Feelings or Questions".
  it('applies the every-answer rule only on Rapid Experiences, Rapid Feelings and Questions paths', () => {
    expect(requiresEveryAnswer('/Rapid/Experiences')).toBe(true);
    expect(requiresEveryAnswer('/rapid/feelings')).toBe(true);
    expect(requiresEveryAnswer('/Rapid/Energy')).toBe(false);
    expect(requiresEveryAnswer('/Pro/Experiences/Body/Questions')).toBe(true);
    expect(requiresEveryAnswer('/Pro/Experiences/Body/Results')).toBe(false);
    expect(requiresEveryAnswer('/Pro/Experiences')).toBe(false);
  });

  it('is disabled while any question is unanswered', () => {
    const answers = initialAnswers(questions);
    expect(isNextEnabled({ pathname: '/Rapid/Experiences', loading: false, questions, answers })).toBe(false);
    const complete = { ...answers, [q(2).questionGuid]: 0 };
    expect(isNextEnabled({ pathname: '/Rapid/Experiences', loading: false, questions, answers: complete })).toBe(true);
  });

  it('is disabled while loading or saving', () => {
    const answers = { [q(1).questionGuid]: 1, [q(2).questionGuid]: 4 };
    expect(isNextEnabled({ pathname: '/Pro/Feelings/Wellness/Questions', loading: true, questions, answers })).toBe(false);
  });

  it('does not require answers on other paths', () => {
    expect(isNextEnabled({ pathname: '/Pro/Energy/Results', loading: false, questions, answers: {} })).toBe(true);
  });
});

describe('answers', () => {
  it('pre-selects saved responses and flattens wellsprings in order', () => {
    const questions = pageQuestions([
      { wellspringName: 'Rest', label: 'Rest', petalName: 'Body', petalDisplayName: 'Body', icon: 'rest.svg', energyLevel: 'calm', questions: [q(1, 2)] },
      { wellspringName: 'Move', label: 'Move', petalName: 'Body', petalDisplayName: 'Body', icon: 'move.svg', energyLevel: 'active', questions: [q(2), q(3, 0)] },
    ]);
    expect(questions.map((x) => x.order)).toEqual([1, 2, 3]);
    expect(initialAnswers(questions)).toEqual({ [q(1).questionGuid]: 2, [q(2).questionGuid]: null, [q(3).questionGuid]: 0 });
  });
});
