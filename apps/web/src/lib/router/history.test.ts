import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from './history';
import type { Location } from './paths';

describe('createMemoryHistory', () => {
  it('starts at the last initial entry, with the first entry keyed "default"', () => {
    expect(createMemoryHistory().location).toEqual({ pathname: '/', search: '', hash: '', state: null, key: 'default' });
    expect(createMemoryHistory(['/', '/Dashboard?x=1']).location).toMatchObject({ pathname: '/Dashboard', search: '?x=1' });
  });

  it('tells its listener of every move, with a new key each time, even to the same path', () => {
    const history = createMemoryHistory(['/Account']);
    const seen: Location[] = [];
    history.listen((location) => seen.push(location));
    history.push('/Account/Privacy', { accountDeleted: true });
    history.replace('/Account/Privacy');
    expect(seen.map((l) => [l.pathname, l.state])).toEqual([
      ['/Account/Privacy', { accountDeleted: true }],
      ['/Account/Privacy', null],
    ]);
    expect(new Set(['default', ...seen.map((l) => l.key)]).size).toBe(3);
  });

  it('goes back and forward through pushed entries; a replace changes only the current one', () => {
    const history = createMemoryHistory(['/']);
    history.push('/Rapid/Experiences');
    history.push('/Rapid/Feelings');
    history.replace('/Rapid/Relationships');
    history.go(-1);
    expect(history.location.pathname).toBe('/Rapid/Experiences');
    history.go(1);
    expect(history.location.pathname).toBe('/Rapid/Relationships');
    history.go(-5);
    expect(history.location.pathname).toBe('/');
    history.push('/Dashboard');
    history.go(1);
    expect(history.location.pathname).toBe('/Dashboard'); // pushing dropped the forward entries
  });

  it('stops telling a listener once it unsubscribes', () => {
    const history = createMemoryHistory();
    const seen: string[] = [];
    const stop = history.listen((location) => seen.push(location.pathname));
    history.push('/a');
    stop();
    history.push('/b');
    expect(seen).toEqual(['/a']);
  });
});

describe('guards', () => {
  it('keep the page when one says no, for pushes, replaces and travel alike, until removed', () => {
    const history = createMemoryHistory(['/', '/Rapid/Experiences']);
    const seen: string[] = [];
    history.listen((location) => seen.push(location.pathname));
    let answer = false;
    const asked: string[] = [];
    const remove = history.guard(() => {
      asked.push(history.location.pathname);
      return answer;
    });
    history.push('/Dashboard');
    history.replace('/Dashboard');
    history.go(-1);
    expect(history.location.pathname).toBe('/Rapid/Experiences');
    expect(asked).toHaveLength(3);
    answer = true;
    history.push('/Rapid/Feelings');
    expect(history.location.pathname).toBe('/Rapid/Feelings');
    remove();
    answer = false;
    history.go(-1);
    expect(history.location.pathname).toBe('/Rapid/Experiences');
    expect(asked).toHaveLength(4);
    expect(seen).toEqual(['/Rapid/Feelings', '/Rapid/Experiences']);
  });

  it('ask each guard until one keeps the page', () => {
    const history = createMemoryHistory(['/a']);
    const asked: string[] = [];
    history.guard(() => (asked.push('first'), false));
    history.guard(() => (asked.push('second'), true));
    history.push('/b');
    expect(history.location.pathname).toBe('/a');
    expect(asked).toEqual(['first']);
  });
});
