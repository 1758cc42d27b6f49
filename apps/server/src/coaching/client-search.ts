/**
 * Searching a coach's clients by name and e-mail (decision 0032), the same on SQLite and
 * PostgreSQL: folded in JavaScript, because SQLite's lower() and LIKE fold ASCII letters only
 * and PostgreSQL's depend on the database's locale (`foldedText`). Pure functions, no I/O.
 */
import { foldedText } from '@bloom/contracts';

/** The words of a search, folded; empty when there is nothing to search for. */
export function searchWords(search: string | undefined): string[] {
  return foldedText(search ?? '')
    .split(/\s+/u)
    .filter((word) => word.length > 0);
}

export interface SearchableClient {
  first_name: string | null;
  last_name: string | null;
  user_name: string;
  email: string | null;
}

/** Every word of the search appears in the client's first name, last name, user name or e-mail. */
export function clientMatches(client: SearchableClient, words: readonly string[]): boolean {
  const haystack = foldedText([client.first_name, client.last_name, client.user_name, client.email].filter((part) => part !== null).join('\n'));
  return words.every((word) => haystack.includes(word));
}

/** Where a client stands in the dashboard's order: last name, first name (folded), then id. */
export type SortKey = readonly [last: string, first: string, id: string];

export const sortKeyOf = (client: { id: string; first_name: string | null; last_name: string | null }): SortKey => [
  foldedText(client.last_name ?? ''),
  foldedText(client.first_name ?? ''),
  client.id,
];

export function compareSortKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < 3; i++) {
    if (a[i]! < b[i]!) return -1;
    if (a[i]! > b[i]!) return 1;
  }
  return 0;
}

/**
 * A page's cursor: the sort key of its last client, as base64url JSON. Opaque to callers; a
 * cursor that does not decode is `null` (the caller answers 400).
 */
export const encodeCursor = (key: SortKey): string => Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeCursor(cursor: string): SortKey | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3 && value.every((part) => typeof part === 'string')) return value as unknown as SortKey;
  } catch {
    // not JSON: falls through
  }
  return null;
}
