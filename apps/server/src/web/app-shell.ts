/**
 * The HTML every page of the single-page app starts from: the built index.html plus, for the
 * path asked for, `<link>` tags for that page's code, stylesheets and first GET reads (from the
 * web build's route-hints.json, see apps/web/build/route-hints.ts). With them the browser
 * fetches all of it alongside the main bundle instead of after that has run, and the app finds
 * the files already linked and the answers already on their way. Variants without
 * route params are built and compressed once; the others per request (a few microseconds).
 */
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { z } from 'zod';

const routeHintsFile = z.object({
  routes: z.array(
    z.object({
      path: z.string().startsWith('/').or(z.literal('*')),
      modules: z.array(z.string().startsWith('/assets/')),
      styles: z.array(z.string().startsWith('/assets/')),
      reads: z.array(z.string().startsWith('/api/')).default([]),
    }),
  ),
});
export type RouteHint = z.infer<typeof routeHintsFile>['routes'][number];

export type Encoding = 'br' | 'gzip' | undefined;

/** The HTML of one page, in each encoding it has been asked for so far. */
class ShellVariant {
  private readonly encoded = new Map<Encoding, string | Buffer>();

  constructor(
    readonly html: string,
    /** Made for one request: top compression would cost milliseconds for a few bytes. */
    private readonly fast = false,
  ) {}

  body(encoding: Encoding): string | Buffer {
    let body = this.encoded.get(encoding);
    if (body === undefined) {
      body = encode(this.html, encoding, this.fast);
      if (!this.fast) this.encoded.set(encoding, body);
    }
    return body;
  }
}

function encode(html: string, encoding: Encoding, fast: boolean): string | Buffer {
  if (encoding === 'br') return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: fast ? 5 : 11 } });
  if (encoding === 'gzip') return gzipSync(html, { level: fast ? 6 : 9 });
  return html;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the page's links added at the end of its head (after the main bundle's own).
 * `reads` are the page's GET reads with their params filled in; `crossorigin` makes each
 * preload match the app's same-origin fetch() so the app takes the answer instead of asking again.
 */
export function renderShell(indexHtml: string, hint: RouteHint | undefined, reads: readonly string[] = []): string {
  if (!hint) return indexHtml;
  // Stylesheets as preloads, not stylesheets: they download with the HTML, yet do not hold back
  // the loading screen's paint (a stylesheet link would, in the head or the body). When the page's
  // chunk is imported, Vite's loader adds the `<link rel="stylesheet">` itself (with
  // `crossorigin`, so it takes the preloaded file) and renders the page once it has loaded.
  const headLinks = [
    ...reads.map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`),
    ...hint.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`),
    ...hint.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
  ];
  if (headLinks.length === 0) return indexHtml;
  return indexHtml.replace('</head>', `  ${headLinks.join('\n    ')}\n  </head>`);
}

/**
 * The web app router's matching (apps/web/src/lib/router), as far as the route map uses it:
 * case-insensitive, `:name` is one non-empty segment, `*` is anything, and a trailing slash does
 * not matter.
 */
export function routePattern(routePath: string): RegExp {
  if (routePath === '*') return /^/;
  const segments = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^:\w+$/.test(segment) ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

/** Route params that may be written into a read's path: ids and names, nothing that needs escaping. */
const SAFE_PARAM = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The hint's reads for these params; a read whose param is missing or unusual is left out
 * (the page then asks for it itself, as it would without the hint).
 */
export function readsFor(hint: RouteHint, params: Readonly<Record<string, string | undefined>>): string[] {
  return hint.reads.flatMap((template) => {
    let usable = true;
    const filled = template.replace(/:(\w+)/g, (_match, name: string) => {
      const value = params[name];
      if (value === undefined || !SAFE_PARAM.test(value)) usable = false;
      return value ?? '';
    });
    return usable ? [filled] : [];
  });
}

interface ShellRoute {
  hint: RouteHint;
  pattern: RegExp;
  /** Built once when the page's reads take no params. */
  fixed: ShellVariant | undefined;
}

export class AppShell {
  private readonly routes: ShellRoute[];
  private readonly plain: ShellVariant;

  constructor(
    private readonly indexHtml: string,
    hints: RouteHint[],
    /** The build's folders (assets, icons, images), lower-cased: no page's path starts with one. */
    private readonly folders: readonly string[] = [],
  ) {
    this.plain = new ShellVariant(indexHtml);
    // Routes whose HTML comes out the same (the welcome pages, say) share one variant and its encodings.
    const byRendering = new Map<string, ShellVariant>();
    const fixedVariant = (html: string) => {
      const variant = byRendering.get(html) ?? new ShellVariant(html);
      byRendering.set(html, variant);
      return variant;
    };
    this.routes = hints.map((hint) => {
      const hasParams = hint.reads.some((read) => read.includes(':'));
      const fixed = hasParams ? undefined : fixedVariant(renderShell(indexHtml, hint, hint.reads));
      return { hint, pattern: routePattern(hint.path), fixed };
    });
  }

  /** The shell for a request URL (the query is ignored). */
  variantFor(url: string): ShellVariant {
    const pathname = url.split('?', 1)[0] ?? '/';
    for (const route of this.routes) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      return route.fixed ?? new ShellVariant(renderShell(this.indexHtml, route.hint, readsFor(route.hint, match.groups ?? {})), true);
    }
    return this.plain;
  }

  /**
   * Whether a request URL names a file in one of the build's folders (`/assets/…` in any letter
   * case), which, when missing, is not a page: its answer is a 404, never this shell (app.ts).
   */
  isBuildFile(url: string): boolean {
    const folder = /^\/([^/?#]*)/.exec(url)?.[1];
    return folder !== undefined && this.folders.includes(folder.toLowerCase());
  }

  /** Reads the built web app's shell; without a route-hints.json (an older build) every path gets plain index.html. */
  static load(webRoot: string): AppShell {
    const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    const hintsPath = path.join(webRoot, 'route-hints.json');
    const hints = existsSync(hintsPath) ? routeHintsFile.parse(JSON.parse(readFileSync(hintsPath, 'utf8'))).routes : [];
    const folders = readdirSync(webRoot, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [entry.name.toLowerCase()] : []));
    return new AppShell(indexHtml, hints, folders);
  }
}

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => quality === undefined || !/^\s*q\s*=\s*0(\.0*)?\s*$/i.test(quality))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
