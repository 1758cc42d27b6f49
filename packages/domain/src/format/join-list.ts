/**
 * The list helper of spec 01 §9: items in lowercase, separated by semicolons, with a
 * final "and". Exact rule: blanks are dropped; 0 items → ""; 1 → "rest";
 * 2 → "rest and move" (no semicolon: nothing to separate); 3 or more →
 * "rest; move; and bond" (semicolons, as items may themselves contain commas).
 */
export function joinList(items: readonly string[]): string {
  const words = items.map((item) => item.trim().toLowerCase()).filter((item) => item !== '');
  if (words.length <= 1) return words[0] ?? '';
  if (words.length === 2) return `${words[0]} and ${words[1]}`;
  return `${words.slice(0, -1).join('; ')}; and ${words[words.length - 1]}`;
}
