import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureReferrer, getStoredReferrer, referrerFromVisit } from './referrer';

const origin = 'https://bloom.example';

describe('referrerFromVisit', () => {
  it('prefers the referrer query parameter', () => {
    expect(referrerFromVisit('?referrer=spring-newsletter', 'https://other.example/page', origin)).toBe('spring-newsletter');
  });

  it('falls back to the document referrer when it is another site, keeping only its origin', () => {
    expect(referrerFromVisit('', 'https://coach.example/blog/post?id=7', origin)).toBe('https://coach.example');
  });

  it('ignores our own pages and junk', () => {
    expect(referrerFromVisit('', 'https://bloom.example/Pro', origin)).toBeNull();
    expect(referrerFromVisit('', 'not a url', origin)).toBeNull();
    expect(referrerFromVisit('?referrer=%20%20', '', origin)).toBeNull();
  });

  it('caps the length', () => {
    expect(referrerFromVisit(`?referrer=${'x'.repeat(900)}`, '', origin)?.length).toBe(500);
  });

  it('keeps a referrer the tab already has, and takes none from the pages a sign-in provider or the store sends people back to', () => {
    expect(referrerFromVisit('', 'https://search.example/', origin, { stored: 'https://newsletter.example', pathname: '/' })).toBeNull();
    expect(referrerFromVisit('', 'https://idp.example/authorize', origin, { pathname: '/login-callback-professional' })).toBeNull();
    expect(referrerFromVisit('', 'https://checkout.stripe.com/c/pay', origin, { pathname: '/purchase-success-callback' })).toBeNull();
    expect(referrerFromVisit('?referrer=autumn-campaign', 'https://idp.example/', origin, { stored: 'https://newsletter.example', pathname: '/login-callback-end' })).toBe('autumn-campaign');
    // Nothing kept yet: a later visit from another site in the same tab still counts (spec 01 §7's order).
    expect(referrerFromVisit('', 'https://search.example/results', origin, { stored: null, pathname: '/' })).toBe('https://search.example');
  });
});

describe('captureReferrer across a tab\'s page loads', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A tab's session storage, kept across the loads, and one full page load in it. */
  const storage = new Map<string, string>();
  function load(href: string, documentReferrer: string): string | null {
    const url = new URL(href);
    vi.stubGlobal('window', { location: { search: url.search, origin: url.origin, pathname: url.pathname } });
    vi.stubGlobal('document', { referrer: documentReferrer });
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    });
    return captureReferrer();
  }

  it('keeps the site that sent the person when they come back from an external sign-in (review of 2026-11-27)', () => {
    expect(load(`${origin}/`, 'https://newsletter.example/issue-4')).toBe('https://newsletter.example');
    expect(load(`${origin}/login-callback-professional?code=x`, 'https://idp.example/authorize')).toBeNull();
    expect(getStoredReferrer()).toBe('https://newsletter.example');
  });

  it('takes no provider as the referrer of a tab that had none, and still takes a site that sends the person later', () => {
    storage.clear();
    expect(load(`${origin}/`, '')).toBeNull();
    expect(load(`${origin}/login-callback-beginning?code=x`, 'https://idp.example/authorize')).toBeNull();
    expect(getStoredReferrer()).toBeNull();
    expect(load(`${origin}/`, 'https://search.example/results?q=bloom')).toBe('https://search.example');
  });
});
