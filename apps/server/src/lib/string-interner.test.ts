import { describe, expect, it } from 'vitest';
import { stringInterner } from './string-interner';

describe('stringInterner', () => {
  it('answers the first copy it kept for an equal string', () => {
    const intern = stringInterner(10);
    const first = intern(['question', '1'].join('-'));
    const again = intern(['question', '1'].join('-'));
    expect(again).toBe(first);
    expect(again).toBe('question-1');
  });

  it('keeps at most `capacity` strings and passes the rest through unchanged', () => {
    const intern = stringInterner(2);
    intern('a');
    intern('b');
    expect(intern('c')).toBe('c');
    expect(intern('c')).toBe('c');
    expect(intern('a')).toBe('a');
  });
});
