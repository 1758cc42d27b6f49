import { readFileSync } from 'node:fs';

/**
 * Where the list lives: beside this module in the source tree, and beside `main.mjs` in the
 * build (apps/server/scripts/build.mjs copies it). It is read when first needed rather than
 * imported, so its 390 KB are not part of the bundle's source, which V8 holds for as long as the
 * process runs, nor a string that every process keeps though few ever set a password
 * (docs/performance.md, "Memory, fourth round").
 */
const LIST_FILE = new URL('./common-passwords.json', import.meta.url);

/**
 * The bundled list of common passwords (source and licence in common-passwords.json), most
 * common first and lower-cased. The JSON holds one string rather than an array so that
 * parsing it stays cheap.
 */
export function listedCommonPasswords(): string[] {
  const list = JSON.parse(readFileSync(LIST_FILE, 'utf8')) as { passwords: string };
  return list.passwords.split('\n');
}

/**
 * The listed passwords at least `minLength` characters long, for a case-insensitive lookup.
 * Shorter ones are already refused by the length rule, so a Set of only the rest holds the
 * same answers in a fraction of the memory (about 1,600 entries instead of 49,000; decision 0021).
 */
export function commonPasswordsOfAtLeast(minLength: number): ReadonlySet<string> {
  // `length` counts UTF-16 units, never fewer than characters: a cheap first test before counting characters.
  return new Set(listedCommonPasswords().filter((password) => password.length >= minLength && [...password].length >= minLength));
}
