/** Where the app is: a path with its query and fragment, the state the move carried and the history entry's key. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** New on every move, so effects keyed on the location run again even when the path is the same. */
  key: string;
}

export type Path = Pick<Location, 'pathname' | 'search' | 'hash'>;

/** A target written as a URL: absolute ("/Dashboard"), or relative to the current path ("?page=2", "#top", "Results"). */
export type To = string;

/**
 * The path, query and fragment `to` leads to from `fromPathname`, as the browser would resolve a link.
 * Only the path is kept of a full or protocol-relative URL, so a move never leaves the site.
 */
export function resolvePath(to: To, fromPathname: string): Path {
  const { pathname, search, hash } = new URL(to, `http://app${fromPathname}`);
  return { pathname, search, hash };
}

export function createPath({ pathname, search, hash }: Path): string {
  return pathname + search + hash;
}

export function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}
