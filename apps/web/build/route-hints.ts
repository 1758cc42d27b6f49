/**
 * Build step: for every page of the route map, the files its lazy chunk needs (its own chunk,
 * the chunks that one imports, and their stylesheets), written to `dist/route-hints.json`.
 *
 * Why: a page's code is otherwise requested only after the main bundle has downloaded, run and
 * created the router, one round trip later than it could be, and Vite's loader then adds the
 * page's `<link>` tags from script (measurable main-thread work on a phone). The server puts
 * these links into the HTML it sends for that path (apps/server/src/web/app-shell.ts), so the
 * browser fetches the page's files alongside the main bundle, and Vite's loader, finding the
 * links already there, adds nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';

/**
 * What the server needs per route: a path pattern in the route map's syntax (lib/router), the files to hint,
 * and the GET reads the page starts on arrival (templates over the pattern's `:params`).
 */
export interface RouteHint {
  path: string;
  modules: string[];
  styles: string[];
  reads: string[];
}

export interface PageModule {
  path: string;
  /** The page module as the route map imports it, relative to the route map. */
  specifier: string;
}

/**
 * The `page(path, load)` and `pageWithEarlyReads(path, load, …)` entries of the route map,
 * where `load` is `() => import('…')` written in place or a constant holding one. Login
 * callbacks are left out on purpose: they only hand over to another page.
 */
export function pageModulesOf(routesSource: string): PageModule[] {
  const loaders = new Map<string, string>();
  for (const match of routesSource.matchAll(/const\s+(\w+)\s*=\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) loaders.set(match[1]!, match[2]!);
  const pages: PageModule[] = [];
  for (const match of routesSource.matchAll(/\b(?:page|pageWithEarlyReads)\(\s*'([^']+)',\s*(?:\(\)\s*=>\s*import\('([^']+)'\)|(\w+))/g)) {
    const specifier = match[2] ?? loaders.get(match[3]!);
    if (!specifier) throw new Error(`route map: the page at ${match[1]} loads ${match[3]}, which is not a () => import('…') constant`);
    pages.push({ path: match[1]!, specifier });
  }
  return pages;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** Every chunk `start` statically imports, itself included, in a stable order. */
function staticClosure(start: string, chunks: Map<string, ChunkLike>): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(start);
  return [...seen];
}

/** The hints for each page, leaving out what index.html already loads (the entry and its imports). */
export function routeHintsFor(
  pages: PageModule[],
  routesFile: string,
  chunks: Map<string, ChunkLike>,
  reads: Readonly<Record<string, readonly string[]>> = {},
  base = '/',
): RouteHint[] {
  for (const routePath of Object.keys(reads)) if (!pages.some((page) => page.path === routePath)) throw new Error(`route reads: no page at ${routePath}`);
  const entryFiles = new Set([...chunks.values()].filter((chunk) => chunk.isEntry).flatMap((chunk) => staticClosure(chunk.fileName, chunks)));
  const entryStyles = new Set([...entryFiles].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]));
  const chunkOf = (moduleFile: string) => [...chunks.values()].find((chunk) => chunk.facadeModuleId === moduleFile);
  return pages.map(({ path: routePath, specifier }) => {
    const unresolved = path.resolve(path.dirname(routesFile), specifier);
    const chunk = ['.tsx', '.ts'].map((extension) => chunkOf(unresolved + extension)).find(Boolean);
    if (!chunk) throw new Error(`route map: no chunk was built for ${specifier} (the page at ${routePath})`);
    const files = staticClosure(chunk.fileName, chunks).filter((file) => chunks.has(file) && !entryFiles.has(file));
    const styles = [...new Set(files.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]))].filter((file) => !entryStyles.has(file));
    return { path: routePath, modules: files.map((file) => base + file), styles: styles.map((file) => base + file), reads: [...(reads[routePath] ?? [])] };
  });
}

export const ROUTE_HINTS_FILE = 'route-hints.json';

type RouteReads = Readonly<Record<string, readonly string[]>>;

/**
 * The GET reads each page starts on arrival (src/app/route-reads.ts). Loaded through Vite's module
 * runner rather than imported by the config: they are built from the endpoint table, and the
 * config's own loader leaves workspace packages such as @bloom/contracts to Node, which cannot
 * run their TypeScript.
 */
async function loadRouteReads(root: string): Promise<RouteReads> {
  const { module } = await runnerImport<{ ROUTE_READS: RouteReads }>(path.resolve(root, 'src/app/route-reads.ts'), { configFile: false, root, logLevel: 'silent' });
  return module.ROUTE_READS;
}

export function routeHints(): Plugin {
  let routesFile = '';
  let root = '';
  let base = '/';
  let reads: RouteReads = {};
  return {
    name: 'bloom-route-hints',
    apply: 'build',
    // After Vite's CSS plugin, which drops chunks that only carried a stylesheet.
    enforce: 'post',
    configResolved(config) {
      routesFile = path.resolve(config.root, 'src/app/routes.tsx');
      root = config.root;
      base = config.base;
    },
    async buildStart() {
      reads = await loadRouteReads(root);
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output as unknown as ChunkLike);
      const hints = routeHintsFor(pageModulesOf(readFileSync(routesFile, 'utf8')), routesFile, chunks, reads, base);
      this.emitFile({ type: 'asset', fileName: ROUTE_HINTS_FILE, source: JSON.stringify({ routes: hints }, null, 1) });
    },
  };
}

/** A chunk's name without its folder and content hash: `assets/RapidModulePage-BipZoZMT.js` → `RapidModulePage`. */
export function chunkNameOf(fileName: string): string {
  return path.basename(fileName).replace(/-[\w-]{8}\.js$/, '');
}

/**
 * Vite's `modulePreload.resolveDependencies`: an import of a page of the route map names only its
 * stylesheets (Vite adds those itself), not the scripts it imports. Vite would otherwise write
 * every page's scripts into the entry, 1.5 KB gzip of file names (issue 28 part 3) that no first
 * paint needs: the first page's scripts are in its HTML (the route hints), and on a later
 * navigation src/app/page-scripts.ts preloads them from route-hints.json. Other lazy imports (a
 * dialog, a page's own parts, the sign-in callbacks, which have no route hints) keep their lists.
 */
export function pageScriptsFromRouteHints(routesSource: string) {
  const pages = new Set(pageModulesOf(routesSource).map((page) => path.basename(page.specifier)));
  return (fileName: string, dependencies: string[], context: { hostType: 'html' | 'js' }): string[] =>
    context.hostType === 'js' && pages.has(chunkNameOf(fileName)) ? [] : dependencies;
}
