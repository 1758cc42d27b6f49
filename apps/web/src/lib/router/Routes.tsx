import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { matchRoutes, rankRoutes, type Params, type RouteObject } from './match';
import { useLocation } from './Router';

/** What a matched route renders with: the match's params and the element of the route inside it. */
const RouteContext = createContext<{ params: Params; outlet: ReactNode }>({ params: {}, outlet: null });

/** The `:param` (and `*`) values of the matched route, decoded. */
export function useParams(): Params {
  return useContext(RouteContext).params;
}

/** Where a layout route shows the route inside it. */
export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

/** The elements of the route matching the current path, outermost first (each inside the one above it), or null. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const ranked = useMemo(() => rankRoutes(routes), [routes]);
  const match = matchRoutes(ranked, pathname);
  if (!match) return null;
  return match.routes.reduceRight<ReactNode>(
    (outlet, route) => <RouteContext value={{ params: match.params, outlet }}>{route.element === undefined ? outlet : route.element}</RouteContext>,
    null,
  );
}
