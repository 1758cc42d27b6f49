import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAggregatedAnswers } from './aggregated-answers';

describe('answers aggregated by the database', () => {
  it('parses the pairs, and no answers as none', () => {
    expect(parseAggregatedAnswers(null)).toEqual(new Map());
    expect(parseAggregatedAnswers('')).toEqual(new Map());
    expect(parseAggregatedAnswers('a-1:0,b-2:4')).toEqual(new Map([['a-1', 0], ['b-2', 4]]));
    expect([...parseAggregatedAnswers('0d4f:3')]).toEqual([['0d4f', 3]]);
  });

  it('reads back every answer, in whatever order the database joined them', () => {
    // Question guids hold no comma; a colon in one is read up to the last colon of its pair.
    const guid = fc.string({ minLength: 1, maxLength: 40 }).filter((text) => !text.includes(','));
    const answers = fc.uniqueArray(fc.tuple(guid, fc.integer({ min: 0, max: 4 })), { selector: ([key]) => key, maxLength: 90 });
    fc.assert(
      fc.property(answers, fc.infiniteStream(fc.nat()), (pairs, shuffle) => {
        const joined = [...pairs]
          .map((pair) => ({ pair, rank: shuffle.next().value }))
          .sort((a, b) => a.rank - b.rank)
          .map(({ pair: [key, answer] }) => `${key}:${answer}`)
          .join(',');
        expect(parseAggregatedAnswers(joined)).toEqual(new Map(pairs));
      }),
    );
  });
});
