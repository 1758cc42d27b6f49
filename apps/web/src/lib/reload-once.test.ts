import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadOrReloadOnce, RELOAD_GUARD_KEY } from './reload-once';

const PAGE = 'https://bloom.example/Research';
const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://bloom.example/assets/ResearchPage-gone.js'));
const loaded = () => Promise.resolve({ default: 'ResearchPage' });

describe("a page's code that fails to load", () => {
  const storage = new Map<string, string>();
  const reload = vi.fn();
  let storageRefused = false;

  beforeEach(() => {
    storage.clear();
    reload.mockReset();
    storageRefused = false;
    const refuse = () => {
      if (storageRefused) throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.stubGlobal('location', { href: PAGE, reload });
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => (refuse(), storage.get(key) ?? null),
      setItem: (key: string, value: string) => (refuse(), void storage.set(key, value)),
      removeItem: (key: string) => (refuse(), void storage.delete(key)),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Settles within a few turns of the event loop, or stays pending (the page waiting for its reload). */
  const outcome = (promise: Promise<unknown>) =>
    Promise.race([promise.then((value) => ({ value }), (error: unknown) => ({ error })), new Promise((resolve) => setTimeout(() => resolve('pending'), 20))]);

  it('reloads the page once, and stays loading until the reload replaces it', async () => {
    expect(await outcome(loadOrReloadOnce(gone))).toBe('pending');
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.get(RELOAD_GUARD_KEY)).toBe(PAGE);
  });

  it('after that reload, a second failure at the same address rejects (the error screen) without reloading again', async () => {
    storage.set(RELOAD_GUARD_KEY, PAGE);
    expect(await outcome(loadOrReloadOnce(gone))).toEqual({ error: expect.any(TypeError) });
    expect(reload).not.toHaveBeenCalled();
  });

  it('a reload at another address does not stop this one', async () => {
    storage.set(RELOAD_GUARD_KEY, 'https://bloom.example/LifeSituations');
    expect(await outcome(loadOrReloadOnce(gone))).toBe('pending');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a page that loads forgets the reload, so a later failure may reload again', async () => {
    storage.set(RELOAD_GUARD_KEY, PAGE);
    expect(await outcome(loadOrReloadOnce(loaded))).toEqual({ value: { default: 'ResearchPage' } });
    expect(storage.has(RELOAD_GUARD_KEY)).toBe(false);
  });

  it('a tab whose session storage is refused never reloads, as it could not tell its second failure from its first', async () => {
    storageRefused = true;
    expect(await outcome(loadOrReloadOnce(gone))).toEqual({ error: expect.any(TypeError) });
    expect(reload).not.toHaveBeenCalled();
    expect(await outcome(loadOrReloadOnce(loaded))).toEqual({ value: { default: 'ResearchPage' } });
  });
});
