import commonPasswordList from './common-passwords.json';

/**
 * The bundled list of common passwords (source and licence in common-passwords.json), most
 * common first and lower-cased. The JSON holds one string rather than an array so that
 * parsing it, at start-up and for the type checker, stays cheap.
 */
export function listedCommonPasswords(): string[] {
  return commonPasswordList.passwords.split('\n');
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
