/**
 * One shared copy of each string from a small set that rows repeat over and over (the question
 * ids of answers): every row read from SQLite is a fresh string, so a cache of 1,000 people's
 * answers otherwise holds 1,000 copies of each question id. At most `capacity` distinct strings
 * are kept; past that, strings pass through as they came.
 */
export function stringInterner(capacity: number): (value: string) => string {
  const kept = new Map<string, string>();
  return (value) => {
    const known = kept.get(value);
    if (known !== undefined) return known;
    if (kept.size < capacity) kept.set(value, value);
    return value;
  };
}
