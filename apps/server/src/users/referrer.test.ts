import { describe, expect, it } from 'vitest';
import { normalizeReferrer } from './referrer';

describe('normalizeReferrer', () => {
  it('keeps plain labels and http(s) URLs', () => {
    expect(normalizeReferrer('  newsletter ')).toBe('newsletter');
    expect(normalizeReferrer('coach jane / spring 2025')).toBe('coach jane / spring 2025');
    expect(normalizeReferrer('https://example.org/a?b=c')).toBe('https://example.org/a?b=c');
    expect(normalizeReferrer('HTTP://Example.org')).toBe('http://example.org/');
  });
  it('treats absent and blank as nothing', () => {
    expect(normalizeReferrer(undefined)).toBeNull();
    expect(normalizeReferrer(null)).toBeNull();
    expect(normalizeReferrer('   ')).toBeNull();
  });
  it('refuses other schemes, markup and control characters', () => {
    for (const value of ['javascript:alert(1)', ' javascript:x', 'data:,x', 'mailto:a@b.c', '<img>', 'a\u0000b', 'a\u202eb', '//x.example']) {
      expect(() => normalizeReferrer(value), value).toThrow();
    }
  });
});
