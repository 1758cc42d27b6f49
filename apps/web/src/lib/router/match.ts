import type { ReactNode } from 'react';

export type Params = Readonly<Record<string, string | undefined>>;

/**
 * One route of a route map: a path pattern ("/Pro/:moduleName", "Results", "*") or an index route,
 * what it renders (a route without an element renders its child's) and the routes inside it.
 * A child's relative path continues its parent's; a route without a path is a layout only.
 */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

/** A route that can match on its own, with the routes around it (outermost first). */
export interface RouteBranch {
  segments: string[];
  routes: RouteObject[];
  score: number;
}

export interface RouteMatch {
  routes: RouteObject[];
  params: Params;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * React Router's ranking, so the most specific route wins whatever order the map lists them in:
 * a static segment counts most, then a `:param`; a `*` counts against; an index route a little more
 * than its parent. Routes that rank the same keep the map's order.
 */
function scoreOf(segments: string[], index: boolean | undefined): number {
  const fromSegments = segments.reduce((score, segment) => score + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10), segments.length);
  return fromSegments + (index ? 2 : 0);
}

/** Every route with a path, and every index route, best ranked first. Build once per route map. */
export function rankRoutes(routes: RouteObject[]): RouteBranch[] {
  const branches: RouteBranch[] = [];
  const visit = (list: RouteObject[], parentSegments: string[], parents: RouteObject[]) => {
    for (const route of list) {
      const own = segmentsOf(route.path ?? '');
      const segments = route.path?.startsWith('/') ? own : [...parentSegments, ...own];
      const chain = [...parents, route];
      if (route.children) visit(route.children, segments, chain);
      if (route.path !== undefined || route.index) branches.push({ segments, routes: chain, score: scoreOf(segments, route.index) });
    }
  };
  visit(routes, [], []);
  return branches.sort((a, b) => b.score - a.score);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape ("%E0") is matched as written
  }
}

/**
 * The params of `pattern` on `segments`, or null when it does not match. Static segments compare
 * case-insensitively; `:name` takes one segment; `*` takes the rest (param "*").
 */
function matchSegments(pattern: string[], segments: string[]): Params | null {
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    if (part === '*') {
      params['*'] = segments.slice(index).join('/');
      return params;
    }
    const segment = segments[index];
    if (segment === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return segments.length === pattern.length ? params : null;
}

/** The best ranked route matching `pathname` (a trailing or doubled slash does not matter), or null. */
export function matchRoutes(branches: RouteBranch[], pathname: string): RouteMatch | null {
  const segments = segmentsOf(pathname).map(decodeSegment);
  for (const branch of branches) {
    const params = matchSegments(branch.segments, segments);
    if (params) return { routes: branch.routes, params };
  }
  return null;
}
