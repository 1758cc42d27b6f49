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
