import { createKey, createPath, resolvePath, type Location, type To } from './paths';

/**
 * The session history the router follows: one listener (the router), moves that add or replace an
 * entry, travel, and guards that may keep the page (one with work that would be lost).
 */
export interface History {
  readonly location: Location;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  listen(listener: (location: Location) => void): () => void;
  /**
   * Asks `mayLeave` before every move while registered (links, navigate(), Back and Forward);
   * false keeps the page where it is. Returns the function that removes it.
   */
  guard(mayLeave: () => boolean): () => void;
}

/**
 * What both histories share. `store` records a new entry (or replaces the current one); `travel`
 * moves along the entries, and the history reports where it landed by calling `arrive`. Moves
 * through push, replace and go ask the guards first; travel the browser made itself (Back,
 * Forward) is asked by the browser history when it arrives.
 */
function createHistory(initial: Location, store: (next: Location, replace: boolean) => void, travel: (delta: number) => void) {
  let location = initial;
  let listener: ((location: Location) => void) | undefined;
  const guards = new Set<() => boolean>();
  /** Every guard agrees (each is asked until one keeps the page). */
  const mayLeave = () => [...guards].every((guard) => guard());
  const arrive = (next: Location) => {
    location = next;
    listener?.(next);
  };
  const move = (to: To, state: unknown, replace: boolean) => {
    if (!mayLeave()) return;
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
    go: (delta) => {
      if (mayLeave()) travel(delta);
    },
    listen(next) {
      listener = next;
      return () => (listener = undefined);
    },
    guard(guard) {
      // Wrapped, so the same function registered twice is two guards, each removed on its own.
      const registered = () => guard();
      guards.add(registered);
      return () => guards.delete(registered);
    },
  };
  return { history, arrive, mayLeave, guarded: () => guards.size > 0 };
}

/**
 * The history entry's own record: the state a move carried, the entry's key, and its position in
 * the session (`idx`), which tells how far Back or Forward went (React Router's shape, so entries
 * it made still read).
 */
interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

function currentBrowserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as EntryState | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/**
 * The browser's history: moves go through pushState/replaceState; Back, Forward and go(n) arrive
 * as popstate. The address has changed by then, so when a guard keeps the page the history travels
 * back to where it was (by the entries' positions) and reports nothing.
 */
export function createBrowserHistory(): History {
  const entryIndex = () => (window.history.state as EntryState | null)?.idx;
  let index = entryIndex() ?? 0;
  if (entryIndex() === undefined) window.history.replaceState({ ...(window.history.state as EntryState | null), idx: index }, '');
  /** Set while the history goes back to the page a guard kept: that popstate is no move. */
  let returning = false;
  /** Set while a go() the guards allowed is under way: its popstate is not asked again. */
  let allowed = false;
  const { history, arrive, mayLeave, guarded } = createHistory(
    currentBrowserLocation(),
    (next, replace) => {
      if (!replace) index += 1;
      const entry: EntryState = { usr: next.state, key: next.key, idx: index };
      const url = createPath(next);
      if (replace) return window.history.replaceState(entry, '', url);
      try {
        window.history.pushState(entry, '', url);
      } catch {
        // Safari limits how often pushState may be called, and a state that cannot be cloned throws: load the page instead.
        window.location.assign(url);
      }
    },
    (delta) => {
      allowed = true;
      window.history.go(delta);
    },
  );
  window.addEventListener('popstate', () => {
    if (window.history.state === null) {
      // A link to a part of this page (`#section`, the skip link): the browser made a new entry of
      // its own. The page stays the page (same key, so it is not drawn again and focus stays where
      // the link put it), and the entry gets its position like any other.
      index += 1;
      const { key } = history.location;
      window.history.replaceState({ usr: null, key, idx: index } satisfies EntryState, '');
      arrive({ ...currentBrowserLocation(), key });
      return;
    }
    const landed = entryIndex();
    if (returning) {
      returning = false;
      return;
    }
    const asked = allowed;
    allowed = false;
    const samePage = createPath({ ...currentBrowserLocation(), hash: '' }) === createPath({ ...history.location, hash: '' });
    if (!asked && !samePage && guarded() && landed !== undefined && !mayLeave()) {
      returning = true;
      window.history.go(index - landed);
      return;
    }
    index = landed ?? index;
    arrive(currentBrowserLocation());
  });
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
