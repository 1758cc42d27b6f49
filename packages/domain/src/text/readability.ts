/**
 * Flesch reading ease with a syllable-counting heuristic. Used by tests to keep every
 * `simpleText` in plain language (score >= 70, "fairly easy" or easier).
 * 206.835 − 1.015 × (words / sentences) − 84.6 × (syllables / words).
 */

/** Plain-language bar for every simpleText. */
export const SIMPLE_TEXT_MIN_READING_EASE = 70;

/** Estimated syllables in one word (vowel groups, minus a silent final e). */
export function countSyllables(word: string): number {
  let w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w.length === 0) return 0;
  if (w.length <= 3) return 1;
  // Silent endings: "-es"/"-ed" (except after t/d: "wanted"), final "e" (but not "-le": "table").
  w = w.replace(/(?:[^laeiouy]es|[^laeiouytd]ed|[^laeiouy]e)$/, (m) => m.charAt(0));
  w = w.replace(/^y/, '');
  const groups = w.match(/[aeiouy]+/g);
  return Math.max(1, groups?.length ?? 0);
}

/** Splits text into words (letters, digits, apostrophes, hyphenated parts count as one). */
export function words(text: string): string[] {
  return stripMarkup(text).match(/[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*/g) ?? [];
}

/** Number of sentences: runs of . ! ? (at least one). */
export function countSentences(text: string): number {
  const count = stripMarkup(text)
    .split(/[.!?]+/)
    .filter((part) => /[A-Za-z0-9]/.test(part)).length;
  return Math.max(1, count);
}

/** Flesch reading ease of a text; higher is easier. An empty text scores 100. */
export function fleschReadingEase(text: string): number {
  const list = words(text);
  if (list.length === 0) return 100;
  const syllables = list.reduce((sum, word) => sum + countSyllables(word), 0);
  return 206.835 - 1.015 * (list.length / countSentences(text)) - 84.6 * (syllables / list.length);
}

function stripMarkup(text: string): string {
  return text.replace(/<[^>]*>/g, ' ');
}
