import { describe, expect, it } from 'vitest';
import { referrerFromVisit } from './referrer';

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
});
