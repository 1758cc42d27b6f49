import { createContext, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type Context, type ReactNode } from 'react';
import { createBrowserHistory, createMemoryHistory, type History } from './history';
import type { Location, To } from './paths';

const HistoryContext = createContext<History | null>(null);
const LocationContext = createContext<Location | null>(null);

/** Follows `history`: the moves it reports render as transitions. Exported for tests; the app uses BrowserRouter. */
export function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(() => {
    // Every move shows in a transition: the page on screen stays (and answers clicks) until the
    // next one has rendered, its lazy code included, rather than giving way to a Suspense fallback.
    const stopListening = history.listen((next) => startTransition(() => setLocation(next)));
    setLocation(history.location); // a move made before this effect ran
    return stopListening;
  }, [history]);
  return (
    <HistoryContext value={history}>
      <LocationContext value={location}>{children}</LocationContext>
    </HistoryContext>
  );
}

/** The app's router: the address bar's location, moved by links, navigate() and Back/Forward. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

/** A router over a history in memory, for rendering outside a browser. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: To[]; children?: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

function useRouterContext<T>(context: Context<T | null>): T {
  const value = useContext(context);
  if (value === null) throw new Error('Router hooks and links work only inside a BrowserRouter or MemoryRouter');
  return value;
}

export function useLocation(): Location {
  return useRouterContext(LocationContext);
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** The person has already confirmed leaving this page (spec 01 §8's dialog): leave guards are not asked again. */
  confirmed?: boolean;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  /** Back (-1) or forward (1) through the history. */
  (delta: number): void;
}

/** A stable function that moves to `to` (a new history entry, or the current one replaced) or travels `delta` entries. */
export function useNavigate(): NavigateFunction {
  const history = useRouterContext(HistoryContext);
  return useCallback<NavigateFunction>(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === 'number') history.go(to);
      else if (options?.replace) history.replace(to, options.state, options.confirmed);
      else history.push(to, options?.state, options?.confirmed);
    },
    [history],
  );
}

/**
 * While the calling component is shown, every move away (links, navigate(), Back and Forward in
 * the app) first asks `mayLeave`, read when the move is made; false keeps the page. For a page
 * whose work would be lost: it asks the person, say with `window.confirm`. Leaving the document
 * (reload, closing the tab) is the browser's own `beforeunload`. A move made with `confirmed`
 * (the person already said yes to leaving) is not asked.
 */
export function useLeaveGuard(mayLeave: () => boolean): void {
  const history = useRouterContext(HistoryContext);
  const { key } = useLocation();
  const latest = useRef(mayLeave);
  useLayoutEffect(() => {
    latest.current = mayLeave;
  });
  // Once a move has left the page, it stays on screen until the next one has rendered (a
  // transition): it is not asked about moves from a page it no longer is.
  useEffect(() => history.guard(() => history.location.key !== key || latest.current()), [history, key]);
}

/** Moves to `to` once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions): null {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

type SearchParamsInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The query of the current location, and a setter that moves to the same path with a new query. */
export function useSearchParams(): [URLSearchParams, (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      const query = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next).toString();
      navigate(query ? `?${query}` : '?', options);
    },
    [navigate, params],
  );
  return [params, setParams];
}
