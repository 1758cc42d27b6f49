import { describe, expect, it } from 'vitest';
import { countSyllables, fleschReadingEase } from './readability';

describe('countSyllables', () => {
  it.each([
    ['cat', 1],
    ['rest', 1],
    ['table', 2],
    ['calm', 1],
    ['wanted', 2],
    ['moved', 1],
    ['nourish', 2],
    ['happiness', 3],
    ['beautiful', 3],
    ['energy', 3],
    ['the', 1],
  ])('%s has about %i syllables', (word, expected) => {
    expect(countSyllables(word)).toBe(expected);
  });
});

describe('fleschReadingEase', () => {
  it('scores short plain sentences as easy', () => {
    expect(fleschReadingEase('The cat sat on the mat. It was warm.')).toBeGreaterThan(90);
  });
  it('scores long technical sentences as hard', () => {
    expect(
      fleschReadingEase('Psychometric instrumentation necessitates comprehensive validation methodologies incorporating representative normative populations.'),
    ).toBeLessThan(0);
  });
  it('ignores markup', () => {
    expect(fleschReadingEase('<strong>Rest</strong> well.')).toBe(fleschReadingEase('Rest well.'));
  });
  it('treats an empty text as trivially easy', () => {
    expect(fleschReadingEase('')).toBe(100);
  });
});
