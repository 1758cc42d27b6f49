import fc from 'fast-check';
import type { Db } from '../../src/db/database';

/**
 * Hostile input for the fuzz tests: values a careless client, a script kiddie or a
 * confused proxy might send. Every generator here yields input that must be REFUSED
 * (4xx); a generator that could also produce valid input would make the "no stored data
 * changed" check meaningless, so each one says why its output is never valid.
 */

/** Strings that break naive code: control and bidi characters, markup, injections, odd numbers, prototype keys. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u2066isolate\u2069',
  '\u200B',
  '\uFEFF',
  '\uD800',
  '<script>alert(1)</script>',
  '<img src=x onerror="window.__pwned=1">',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '1e309',
  '0x10',
  '__proto__',
  'constructor',
  'prototype',
  'javascript:alert(1)',
  '//evil.example',
  'data:text/html,<script>alert(1)</script>',
  '𝒳𝒴𝒵',
  'ﷺ',
];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 10 }).map((s) => s.repeat(200)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 10 })).map(([a, b]) => `${b}${a}${b}`) },
);

/** Any JSON value, including the numbers JSON cannot say (they serialise as null) and prototype-shaped objects. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(-1, 0, 5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2.5),
    nastyString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Bodies no JSON parser should accept, or that Fastify must refuse before a handler runs. */
export const RAW_BODY_ATTACKS: Array<{ name: string; body: string; contentType?: string; status: number | number[] }> = [
  { name: 'NaN', body: '{"value": NaN}', status: 400 },
  { name: 'Infinity', body: '{"value": Infinity}', status: 400 },
  { name: 'a __proto__ key', body: '{"__proto__": {"isAdmin": true}}', status: 400 },
  { name: 'a constructor.prototype key', body: '{"constructor": {"prototype": {"isAdmin": true}}}', status: 400 },
  { name: 'truncated JSON', body: '{"firstName": "Ada"', status: 400 },
  { name: 'a body just over 64 KB', body: JSON.stringify({ padding: 'x'.repeat(64 * 1024) }), status: 413 },
  { name: 'a 1 MB body', body: `[${'0,'.repeat(512 * 1024)}0]`, status: 413 },
  { name: 'a form post', body: 'firstName=Ada&lastName=Lovelace', contentType: 'application/x-www-form-urlencoded', status: 415 },
  { name: 'a text/plain post', body: '{"firstName":"Ada"}', contentType: 'text/plain', status: 415 },
  { name: 'a multipart post', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--', contentType: 'multipart/form-data; boundary=x', status: 415 },
];

/** JSON text with NaN/Infinity/huge exponents spliced in where a number belongs (JSON.stringify cannot produce these). */
export const rawNumberAttack = fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e309', '-0x1', '+1', '01', '.5');

/** Tables whose content no refused request may change (sessions and rate-limit counters move on their own). */
const GUARDED_TABLES = ['users', 'assessments', 'responses', 'life_data', 'consents', 'organizations', 'groups', 'purchases', 'identity_accounts', 'norm_snapshots'] as const;
const ORDER: Record<(typeof GUARDED_TABLES)[number], string[]> = {
  users: ['id'],
  assessments: ['id'],
  responses: ['assessment_id', 'question_guid'],
  life_data: ['assessment_id'],
  consents: ['id'],
  organizations: ['id'],
  groups: ['id'],
  purchases: ['id'],
  identity_accounts: ['id'],
  norm_snapshots: ['id'],
};

/** Every row of every guarded table, as one comparable string per table. */
export async function snapshotStoredData(db: Db): Promise<Record<string, string>> {
  const entries = await Promise.all(
    GUARDED_TABLES.map(async (table) => {
      let query = db.selectFrom(table).selectAll();
      for (const column of ORDER[table]) query = query.orderBy(column as never);
      const rows = await query.execute();
      return [table, JSON.stringify(rows)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Percent-encodes any string for a URL, lone surrogates included (as UTF-8 of U+FFFD, the way a browser would). */
export function percentEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
}

/** Path segments sent as they are: malformed or overlong percent-encodings that no decoder should accept. */
export const RAW_SEGMENT_ATTACKS = ['%E0%A4%A', '%C0%AF', '%FF', '%', '%u0000', '%00', '%0A', '%2F..%2F'];
