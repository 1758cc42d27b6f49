/**
 * On a navigation, the next page's scripts as `modulepreload` links, so the browser fetches them
 * side by side instead of level by level as each file names the ones it imports. The entry's
 * imports of pages name only their stylesheets (build/route-hints.ts, `pageScriptsFromRouteHints`):
 * every page's script list was 1.5 KB gzip of the entry, which no first paint needs. The first
 * page's scripts are in its HTML; the lists for later pages come from the build's
 * route-hints.json, read once the first page is on screen and the browser is idle.
 */
import { whenIdle } from '../lib/when-idle';

const ROUTE_HINTS_URL = '/route-hints.json';

interface RouteHintsFile {
  routes: Array<{ path: string; modules: string[] }>;
}

let scriptsByRoute: Promise<ReadonlyMap<string, readonly string[]>> | undefined;

/** Each route's scripts (an empty map where there is no such file, as under `vite dev`). */
function routeScripts(): Promise<ReadonlyMap<string, readonly string[]>> {
  scriptsByRoute ??= fetch(ROUTE_HINTS_URL)
    .then((response) => (response.ok ? (response.json() as Promise<RouteHintsFile>) : { routes: [] }))
    .then((file) => new Map(file.routes.map((route) => [route.path, route.modules])))
    // Only a speed-up: without the lists, a page's scripts still load as it imports them.
    .catch(() => new Map());
  return scriptsByRoute;
}

/** Reads the lists when the browser is next idle, so a navigation finds them here. */
export function readRouteScriptsWhenIdle(): void {
  if (!scriptsByRoute) whenIdle(() => void routeScripts(), 5000, 1000);
}

/** Starts downloading the scripts of the page at `routePath` (the route map's path). */
export async function preloadPageScripts(routePath: string): Promise<void> {
  const modules = (await routeScripts()).get(routePath) ?? [];
  const linked = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')));
  for (const href of modules) {
    if (linked.has(href)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
