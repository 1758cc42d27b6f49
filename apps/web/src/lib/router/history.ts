import { createKey, createPath, resolvePath, type Location, type To } from './paths';

/** The session history the router follows: one listener (the router), moves that add or replace an entry, and travel. */
export interface History {
  readonly location: Location;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  listen(listener: (location: Location) => void): () => void;
}

/**
 * What both histories share. `store` records a new entry (or replaces the current one); `travel`
 * moves along the entries, and the history reports where it landed by calling `arrive`.
 */
function createHistory(initial: Location, store: (next: Location, replace: boolean) => void, travel: (delta: number) => void) {
  let location = initial;
  let listener: ((location: Location) => void) | undefined;
  const arrive = (next: Location) => {
    location = next;
    listener?.(next);
  };
  const move = (to: To, state: unknown, replace: boolean) => {
    const next = { ...resolvePath(to, location.pathname), state: state ?? null, key: createKey() };
    store(next, replace);
    arrive(next);
  };
  const history: History = {
    get location() {
      return location;
    },
    push: (to, state) => move(to, state, false),
    replace: (to, state) => move(to, state, true),
    go: travel,
    listen(next) {
      listener = next;
      return () => (listener = undefined);
    },
  };
  return { history, arrive };
}

/** The history entry's own record: the state a move carried and the entry's key (React Router's shape, so entries it made still read). */
interface EntryState {
  usr?: unknown;
  key?: string;
}

function currentBrowserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as EntryState | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/** The browser's history: moves go through pushState/replaceState; Back, Forward and go(n) arrive as popstate. */
export function createBrowserHistory(): History {
  const { history, arrive } = createHistory(
    currentBrowserLocation(),
    (next, replace) => {
      const entry: EntryState = { usr: next.state, key: next.key };
      const url = createPath(next);
      if (replace) return window.history.replaceState(entry, '', url);
      try {
        window.history.pushState(entry, '', url);
      } catch {
        // Safari limits how often pushState may be called, and a state that cannot be cloned throws: load the page instead.
        window.location.assign(url);
      }
    },
    (delta) => window.history.go(delta),
  );
  window.addEventListener('popstate', () => arrive(currentBrowserLocation()));
  return history;
}

/** A history kept in memory, for rendering outside a browser (tests); it starts at the last of `initialEntries`. */
export function createMemoryHistory(initialEntries: To[] = ['/']): History {
  const entries: Location[] = initialEntries.map((to, index) => ({ ...resolvePath(to, '/'), state: null, key: index === 0 ? 'default' : createKey() }));
  let index = entries.length - 1;
  const { history, arrive } = createHistory(
    entries[index]!,
    (next, replace) => {
      if (!replace) index += 1;
      entries.splice(index, replace ? 1 : entries.length, next);
    },
    (delta) => {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      arrive(entries[index]!);
    },
  );
  return history;
}
