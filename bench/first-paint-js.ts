/**
 * What each page's first paint makes the browser download as script, read from the HTML Bloom
 * sends for that path (index.html plus the page's route hints, decision 0010): the entry script,
 * the chunks index.html preloads for it, and the page's own chunks and their imports that the
 * server adds as `modulepreload`. Each is sized as gzip (level 9) of the built file, what a
 * compressing server or CDN sends. Chunks a page imports later (after its first paint, on a click,
 * on idle) are not in it; Lighthouse's "initial JS" row counts those too when they load during its run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_PAINT_JS_BUDGET_KB = 100;
export const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

const gzipCache = new Map<string, number>();
/** gzip size of a built file named by its URL path, or 0 when it is not in dist (e.g. an API call). */
export function gzipBytes(urlPath: string): number {
  const file = path.join(WEB_DIST, urlPath);
  if (!gzipCache.has(file)) {
    try {
      gzipCache.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
    } catch {
      gzipCache.set(file, 0);
    }
  }
  return gzipCache.get(file)!;
}

export interface ScriptFile {
  path: string;
  gzipBytes: number;
  /** In every page's HTML (the entry and what index.html preloads), or this page's own hints. */
  entry: boolean;
}

/** The module scripts and module preloads of one page's HTML, in document order, each once. */
export function scriptsOfHtml(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const attributes = tag[0];
    const isModuleScript = tag[1] === 'script' && /\btype="module"/.test(attributes);
    const isModulePreload = tag[1] === 'link' && /\brel="modulepreload"/.test(attributes);
    const source = /\b(?:src|href)="([^"]+)"/.exec(attributes)?.[1];
    if ((isModuleScript || isModulePreload) && source?.startsWith('/') && !found.includes(source)) found.push(source);
  }
  return found;
}

/** The first-paint scripts of the page at `url`, as Bloom's server answers for it. */
export async function firstPaintScripts(url: string, cookie: string | undefined, indexHtml: string): Promise<ScriptFile[]> {
  const response = await fetch(url, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  const shared = new Set(scriptsOfHtml(indexHtml));
  return scriptsOfHtml(await response.text()).map((script) => ({ path: script, gzipBytes: gzipBytes(script), entry: shared.has(script) }));
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** "entry 105.5 KB (index 91.8, jsx-runtime 3.3, …) + page 18.2 KB (charts 9.7, …)", largest first. */
export function describeScripts(scripts: readonly ScriptFile[]): string {
  const list = (files: readonly ScriptFile[]) =>
    [...files]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((file) => `${path.basename(file.path).replace(/-[\w-]{8}\.js$/, '')} ${kb(file.gzipBytes)}`)
      .join(', ');
  const entry = scripts.filter((file) => file.entry);
  const own = scripts.filter((file) => !file.entry);
  const total = (files: readonly ScriptFile[]) => files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return `entry ${kb(total(entry))} KB (${list(entry)})` + (own.length ? ` + page ${kb(total(own))} KB (${list(own)})` : '');
}
