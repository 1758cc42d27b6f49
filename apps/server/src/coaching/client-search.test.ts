import { describe, expect, it } from 'vitest';
import { foldedText } from '@bloom/contracts';
import { clientMatches, compareSortKeys, decodeCursor, encodeCursor, searchWords, sortKeyOf, type SortKey } from './client-search';

const client = (first: string | null, last: string | null, email: string | null = null, userName = email ?? 'someone') => ({
  id: 'id',
  first_name: first,
  last_name: last,
  user_name: userName,
  email,
});

describe('client search', () => {
  it('folds case and accents', () => {
    expect(foldedText('Élodie ÁLVAREZ Zoë')).toBe('elodie alvarez zoe');
    expect(foldedText('ß')).toBe('ß');
  });

  it('splits a search into folded words and ignores blank ones', () => {
    expect(searchWords('  Ada   BAKER ')).toEqual(['ada', 'baker']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });

  it('matches when every word is in the name, the user name or the e-mail', () => {
    const ada = client('Ada', 'Baker', 'ADA.B@Example.test');
    expect(clientMatches(ada, searchWords('ada'))).toBe(true);
    expect(clientMatches(ada, searchWords('baker ada'))).toBe(true);
    expect(clientMatches(ada, searchWords('ada.b@example'))).toBe(true);
    expect(clientMatches(ada, searchWords('ada smith'))).toBe(false);
    expect(clientMatches(client(null, null, null, 'Guest'), searchWords('guest'))).toBe(true);
    // Words do not run across fields: "ada baker" is not "adabaker".
    expect(clientMatches(ada, searchWords('adabaker'))).toBe(false);
    // SQL wildcards are plain characters here.
    expect(clientMatches(ada, searchWords('%'))).toBe(false);
  });

  it('orders by last name, first name, then id, ignoring case and accents', () => {
    const keys = [
      sortKeyOf({ id: 'b', first_name: 'Ada', last_name: 'baker' }),
      sortKeyOf({ id: 'a', first_name: 'ada', last_name: 'Baker' }),
      sortKeyOf({ id: 'c', first_name: 'Zoë', last_name: 'Álvarez' }),
      sortKeyOf({ id: 'd', first_name: null, last_name: null }),
    ].sort(compareSortKeys);
    expect(keys.map((key) => key[2])).toEqual(['d', 'c', 'a', 'b']);
    expect(compareSortKeys(['x', 'y', 'z'], ['x', 'y', 'z'])).toBe(0);
  });

  it('round-trips a cursor and refuses anything else', () => {
    const key: SortKey = ['álvarez', 'zoë', '01a2'];
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
    expect(decodeCursor('not base64 json')).toBeNull();
    expect(decodeCursor(Buffer.from('[1,2,3]').toString('base64url'))).toBeNull();
    expect(decodeCursor(Buffer.from('["a","b"]').toString('base64url'))).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });
});
