import { createKey, createPath, resolvePath, type Location, type Path, type To } from './paths';

/**
 * The session history the router follows: one listener (the router), moves that add or replace an
 * entry, travel, and guards that may keep the page (one with work that would be lost).
 */
export interface History {
  readonly location: Location;
  /** `confirmed`: the person has already said they want to leave (spec 01 §8's dialog); the guards are not asked. */
  push(to: To, state?: unknown, confirmed?: boolean): void;
  replace(to: To, state?: unknown, confirmed?: boolean): void;
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
  const move = (to: To, state: unknown, replace: boolean, confirmed = false) => {
    if (!confirmed && !mayLeave()) return;
    const next = { ...resolvePath(to, location.pathname), state: state ?? null, key: createKey() };
    store(next, replace);
    arrive(next);
  };
  const history: History = {
    get location() {
      return location;
    },
    push: (to, state, confirmed) => move(to, state, false, confirmed),
    replace: (to, state, confirmed) => move(to, state, true, confirmed),
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
  /** While the history goes back to the page a guard kept: the position it returns to. */
  let returningTo: number | undefined;
  /** While a go() the guards allowed is under way: the position it goes to (that popstate is not asked again). */
  let allowedTo: number | undefined;
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
      allowedTo = index + delta;
      window.history.go(delta);
    },
  );
  const pageOf = (location: Path) => location.pathname + location.search;
  window.addEventListener('popstate', () => {
    const current = history.location;
    const landedAt = currentBrowserLocation();
    if (window.history.state === null && pageOf(landedAt) === pageOf(current)) {
      // A link to a part of this page (`#section`, the skip link): the browser made an entry of its
      // own (or replaced this one, for the address already shown). The page stays the page (same
      // key and state, so it is not drawn again and focus stays where the link put it), and the
      // entry gets its position like any other.
      if (landedAt.hash !== current.hash) index += 1;
      window.history.replaceState({ usr: current.state, key: current.key, idx: index } satisfies EntryState, '');
      arrive({ ...landedAt, state: current.state, key: current.key });
      return;
    }
    const landed = entryIndex();
    const returned = returningTo !== undefined && landed === returningTo;
    const allowed = allowedTo !== undefined && landed === allowedTo;
    returningTo = allowedTo = undefined;
    // Back where the page a guard kept is: nothing moved.
    if (returned) return;
    if (!allowed && pageOf(landedAt) !== pageOf(current) && guarded() && landed !== undefined && !mayLeave()) {
      returningTo = index;
      window.history.go(index - landed);
      return;
    }
    index = landed ?? index;
    arrive(landedAt);
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
