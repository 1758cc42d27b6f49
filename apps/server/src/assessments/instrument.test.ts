import { questionsForTrack } from '@bloom/domain';
import { describe, expect, it } from 'vitest';
import { trackOfAnswers, validateAnswersForTrack } from './instrument';

const rapid = questionsForTrack('Rapid').map((q, i) => ({ questionGuid: q.questionGuid, response: i % 5, order: i + 1 }));
const professional = questionsForTrack('Professional').map((q, i) => ({ questionGuid: q.questionGuid, response: i % 5, order: i + 1 }));

describe('trackOfAnswers', () => {
  it('names the track when every question is of one track', () => {
    expect(trackOfAnswers(rapid.slice(0, 1))).toBe(false);
    expect(trackOfAnswers(rapid)).toBe(false);
    expect(trackOfAnswers(professional.slice(3, 4))).toBe(true);
    expect(trackOfAnswers(professional)).toBe(true);
  });

  it('names none for an empty page, a mixed page or an unknown question', () => {
    expect(trackOfAnswers([])).toBeUndefined();
    expect(trackOfAnswers([rapid[0]!, professional[0]!])).toBeUndefined();
    expect(trackOfAnswers([professional[0]!, rapid[0]!])).toBeUndefined();
    expect(trackOfAnswers([...rapid.slice(0, 3), { questionGuid: '00000000-0000-4000-8000-000000000000', response: 1, order: 4 }])).toBeUndefined();
  });

  it('agrees with the track check: a page of one track passes it for that track and fails it for the other', () => {
    for (const page of [rapid.slice(0, 5), professional.slice(10, 20)]) {
      const isNinetyItem = trackOfAnswers(page)!;
      expect(validateAnswersForTrack(page, isNinetyItem)).toBeNull();
      expect(validateAnswersForTrack(page, !isNinetyItem)).toContain(`Question ${page[0]!.questionGuid} is not part of the`);
    }
  });
});
