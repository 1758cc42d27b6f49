import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserHistory } from './history';
import { FakeBrowser, settle } from './fake-browser';
import type { Location } from './paths';

let browser: FakeBrowser;
beforeEach(() => {
  browser = new FakeBrowser('/Rapid/Experiences');
  vi.stubGlobal('window', browser.window);
});
afterEach(() => vi.unstubAllGlobals());

function started() {
  const history = createBrowserHistory();
  const seen: Location[] = [];
  history.listen((location) => seen.push(location));
  return { history, seen };
}

describe('the browser history', () => {
  it('numbers its entries, so Back reports where it landed, with that entry\'s key', async () => {
    const { history, seen } = started();
    history.push('/Rapid/Feelings');
    const feelings = history.location.key;
    history.push('/Rapid/Energy');
    await browser.back();
    expect(history.location).toMatchObject({ pathname: '/Rapid/Feelings', key: feelings });
    expect(seen.map((l) => l.pathname)).toEqual(['/Rapid/Feelings', '/Rapid/Energy', '/Rapid/Feelings']);
    expect(browser.entries.map((entry) => (entry.state as { idx: number }).idx)).toEqual([0, 1, 2]);
  });

  it('keeps the page when a guard says no to Back, putting the address back, and asks again next time', async () => {
    const { history, seen } = started();
    history.push('/Rapid/Feelings');
    let answer = false;
    let asked = 0;
    history.guard(() => {
      asked += 1;
      return answer;
    });
    await browser.back();
    expect(asked).toBe(1);
    expect(browser.current.url.pathname).toBe('/Rapid/Feelings');
    expect(history.location.pathname).toBe('/Rapid/Feelings');
    expect(seen.map((l) => l.pathname)).toEqual(['/Rapid/Feelings']);
    answer = true;
    await browser.back();
    expect(asked).toBe(2);
    expect(history.location.pathname).toBe('/Rapid/Experiences');
  });

  it('asks once for a go() (not again when it lands), and a go() that moves nowhere leaves nothing behind', async () => {
    const { history } = started();
    history.push('/Rapid/Feelings');
    history.push('/Rapid/Energy');
    let asked = 0;
    // Allows the two go() calls, then refuses.
    history.guard(() => ++asked <= 2);
    history.go(-1);
    await settle();
    expect(asked).toBe(1);
    expect(history.location.pathname).toBe('/Rapid/Feelings');
    history.go(5); // nowhere to go: no popstate comes
    await settle();
    expect(asked).toBe(2);
    // The person's own Back is asked (and refused), not waved through as that go().
    await browser.back();
    expect(asked).toBe(3);
    expect(history.location.pathname).toBe('/Rapid/Feelings');
    expect(browser.current.url.pathname).toBe('/Rapid/Feelings');
  });

  it('keeps the page as it is for a link to a part of it: same key and state, no guard asked, and Back from it stays too', async () => {
    const { history, seen } = started();
    history.push('/Account/Privacy', { accountDeleted: true });
    const { key } = history.location;
    let asked = 0;
    history.guard(() => {
      asked += 1;
      return false;
    });
    await browser.followLink('#main-content');
    expect(history.location).toMatchObject({ pathname: '/Account/Privacy', hash: '#main-content', key, state: { accountDeleted: true } });
    await browser.followLink('#main-content'); // the address already shown: replaced, not a new entry
    expect(browser.entries).toHaveLength(3);
    await browser.back();
    expect(history.location).toMatchObject({ pathname: '/Account/Privacy', hash: '', key });
    expect(asked).toBe(0);
    expect(seen.every((l) => l.pathname !== '/Rapid/Experiences')).toBe(true);
    // The positions stayed right: a refused Back from here still returns to this entry.
    await browser.back();
    expect(asked).toBe(1);
    expect(history.location.pathname).toBe('/Account/Privacy');
    expect(browser.current.url.pathname).toBe('/Account/Privacy');
  });
});
