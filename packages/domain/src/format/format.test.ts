import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatLongDate, formatPrice, joinList, parseRichText, richTextToPlain } from './index';

describe('formatCount', () => {
  it('groups every whole count as Intl does, without building an Intl formatter', () => {
    const intl = new Intl.NumberFormat('en-US');
    fc.assert(fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => formatCount(n) === intl.format(n)));
    for (const n of [0, 7, 999, 1000, 999_999, 1_000_000, 12_345_678]) expect(formatCount(n)).toBe(intl.format(n));
    expect(formatCount(1000)).toBe('1,000');
  });
});

describe('formatPrice', () => {
  it('writes cents in their currency, USD unless told', () => {
    expect(formatPrice(999)).toBe('$9.99');
    expect(formatPrice(1000, 'usd')).toBe('$10.00');
    expect(formatPrice(1000)).toBe('$10.00');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(1250, 'eur')).toBe('€12.50');
  });
});

describe('formatPrice in dollars, written by hand', () => {
  it('writes every amount of cents as Intl.NumberFormat writes US dollars', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => formatPrice(cents) === intl.format(cents / 100)));
    for (const cents of [0, 1, 9, 10, 99, 100, 999, 100_000, 123_456_789, -1, -999]) expect(formatPrice(cents, 'USD')).toBe(intl.format(cents / 100));
  });
});

describe('formatLongDate', () => {
  it('formats en-US long dates in UTC', () => {
    expect(formatLongDate('2026-03-05')).toBe('March 5, 2026');
    expect(formatLongDate('2026-03-05T23:30:00-05:00')).toBe('March 6, 2026');
    expect(formatLongDate(new Date(Date.UTC(2025, 11, 31, 23, 59)))).toBe('December 31, 2025');
  });
  it('returns "" for missing or invalid dates', () => {
    expect(formatLongDate('not a date')).toBe('');
    expect(formatLongDate(null)).toBe('');
  });
});

describe('joinList', () => {
  it.each([
    [[], ''],
    [['Rest'], 'rest'],
    [['Rest', 'Move'], 'rest and move'],
    [['Rest', 'Move', 'Bond'], 'rest; move; and bond'],
    [['Be Kind', ' ', 'Serve', 'Provide', 'Love'], 'be kind; serve; provide; and love'],
  ])('%j → %s', (items, expected) => expect(joinList(items)).toBe(expected));
});

describe('parseRichText', () => {
  it('splits paragraphs and lines and marks bold', () => {
    expect(parseRichText('Hello <strong>you</strong>.\nNext line\n\nNew paragraph')).toEqual([
      [
        [{ text: 'Hello ', bold: false }, { text: 'you', bold: true }, { text: '.', bold: false }],
        [{ text: 'Next line', bold: false }],
      ],
      [[{ text: 'New paragraph', bold: false }]],
    ]);
  });
  it('keeps bold across a line break and closes an unclosed tag at the end', () => {
    expect(parseRichText('<b>one\ntwo</b> three\n<strong>four')).toEqual([
      [[{ text: 'one', bold: true }], [{ text: 'two', bold: true }, { text: ' three', bold: false }], [{ text: 'four', bold: true }]],
    ]);
  });
  it('never returns markup: drops other tags and decodes entities after reading tags', () => {
    const out = parseRichText('<script>alert(1)</script><a href="x">link</a> &lt;strong&gt; &amp; a < b');
    expect(richTextToPlain(out)).toBe('alert(1)link <strong> & a < b');
    expect(out.flat(2).every((s) => s.bold === false)).toBe(true);
  });
  it('honours <br> and <p>, CRLF, and drops empty paragraphs', () => {
    expect(richTextToPlain(parseRichText('<p>a<br/>b</p><p>c</p>\r\n\r\n\r\n'))).toBe('a\nb\n\nc');
    expect(parseRichText('')).toEqual([]);
    expect(parseRichText('  \n\n ')).toEqual([]);
  });
});
