/**
 * Text that is not well-formed UTF-16 (a lone surrogate: half of a character outside the
 * Basic Multilingual Plane) cannot be stored as UTF-8 or shown, and counts as a character of
 * its own against length limits. JSON can carry it (`"\ud800"`), so every free-text field
 * refuses it.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/**
 * Lower case without accents: "Élodie" and "ELODIE" both read "elodie". The one folding of names
 * that the server searches and orders a coach's clients by (decision 0032) and the coach
 * dashboard orders its organizations and groups by, so the two orders agree.
 */
export function foldedText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
