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

  it('takes the document referrer only at the tab\'s first load: later loads come back from a sign-in provider or a store', () => {
    expect(referrerFromVisit('', 'https://idp.example/authorize', origin, true)).toBeNull();
    expect(referrerFromVisit('', 'https://checkout.stripe.com/c/pay', origin, true)).toBeNull();
    expect(referrerFromVisit('?referrer=autumn-campaign', 'https://idp.example/', origin, true)).toBe('autumn-campaign');
  });
});

describe('captureReferrer across a tab\'s page loads', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A tab's session storage, kept across the loads, and one full page load in it. */
  const storage = new Map<string, string>();
  function load(href: string, documentReferrer: string): string | null {
    const url = new URL(href);
    vi.stubGlobal('window', { location: { search: url.search, origin: url.origin } });
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
});
