import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pageScriptsFromRouteHints, routeHints } from './build/route-hints';
import { LOADING_CLASSES, LOADING_MARK_SIZE } from './src/components/layout/loading-screen-classes';
import { BRAND } from './src/content/brand';
import { SHELL_TEXT } from './src/content/shell';

/**
 * Writes `.br` and `.gz` copies of every text asset next to it at build time, at the highest
 * compression levels (too slow per request, free once per build). The server sends them
 * to browsers that accept them (@fastify/static `preCompressed`), so a phone on a slow
 * network downloads about a third of the bytes without the server compressing anything.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;
  let outDir = 'dist';
  return {
    name: 'bloom-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * The domain's browser-safe text helpers (`@bloom/domain/format`) are plain functions and
 * constants; the package does not say so, so the bundler keeps every one of them wherever any is
 * imported. Marking them free of side effects lets a page that only parses rich text skip the
 * date module, whose top-level `Intl.DateTimeFormat` costs ~20 ms of ICU start-up on a phone.
 */
function pureDomainFormat(): Plugin {
  const formatModule = /[\\/]packages[\\/]domain[\\/]src[\\/]format[\\/][^\\/]+\.ts$/;
  return {
    name: 'bloom-pure-domain-format',
    apply: 'build',
    transform(code, id) {
      return formatModule.test(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

/**
 * Puts the full-page "Loading..." screen (the same markup and global classes as
 * `components/layout/LoadingScreen.tsx`, which React renders over it) inside the empty root of
 * index.html. The app shows that screen until its start-up calls have answered (spec 01 §2);
 * shipping it in the HTML lets a phone paint it as soon as the page and its stylesheet arrive,
 * instead of after downloading and running the scripts.
 */
function loadingScreenInHtml(): Plugin {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const markup =
    `<div class="${LOADING_CLASSES.screen} ${LOADING_CLASSES.fullPage}" role="status">` +
    `<img class="${LOADING_CLASSES.mark}" src="${escape(BRAND.logoMarkSrc)}" alt="" width="${LOADING_MARK_SIZE.width}" height="${LOADING_MARK_SIZE.height}" />` +
    `<p>${escape(SHELL_TEXT.loading)}</p></div>`;
  return {
    name: 'bloom-loading-screen-in-html',
    transformIndexHtml(html) {
      if (!html.includes('<div id="root"></div>')) throw new Error('index.html: the empty <div id="root"></div> is missing');
      return html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
    },
  };
}

const ENTRY_STYLESHEET = /^assets\/index-[^/]+\.css$/;

/**
 * Writes the entry stylesheet (design tokens, global rules and the loading screen's style) into
 * index.html instead of linking it. A linked stylesheet holds back the first paint until it has
 * downloaded, by which time the scripts have too; inline, the "Loading..." screen paints as soon
 * as the HTML arrives. It is a few kilobytes, and only a first visit downloads it.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'bloom-inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const link = /<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/.exec(html);
        const asset = link && context.bundle?.[link[1]!];
        if (!link || !ENTRY_STYLESHEET.test(link[1]!) || asset?.type !== 'asset') throw new Error('index.html: the entry stylesheet link is missing');
        const css = String(asset.source);
        if (/<\/style/i.test(css)) throw new Error('the entry stylesheet cannot be inlined: it contains "</style"');
        return html.replace(link[0], `<style>${css}</style>`);
      },
    },
  };
}

/**
 * Vite's loader, importing a lazy chunk, first adds a `<link rel="stylesheet">` for each stylesheet
 * the chunk's dependency list names and waits for it, and every such list names the entry's
 * stylesheet: inlined above, it was downloaded a second time (17 KB) by the first lazy import of
 * every page, which waited for it. Here each list names the entry's script in its place, which is
 * already loaded (the loader's modulepreload link for it downloads nothing). The name is replaced, not removed, because the
 * lists are indexed by position.
 */
function entryStylesheetLoadedOnce(): Plugin {
  return {
    name: 'bloom-entry-stylesheet-loaded-once',
    apply: 'build',
    // After Vite's own generateBundle, which writes the lists.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const entryStylesheet = Object.keys(bundle).find((fileName) => ENTRY_STYLESHEET.test(fileName));
        const entryScript = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry)?.fileName;
        if (!entryStylesheet || !entryScript) throw new Error('build: the entry stylesheet or script is missing');
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk') output.code = output.code.replaceAll(JSON.stringify(entryStylesheet), JSON.stringify(entryScript));
        }
      },
    },
  };
}

// In development the API runs on :3000 (npm run dev) and Vite proxies to it, so cookies stay same-origin.
export default defineConfig(() => ({
  plugins: [react(), pureDomainFormat(), loadingScreenInHtml(), inlineEntryStylesheet(), entryStylesheetLoadedOnce(), routeHints(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // The polyfill (0.5 KB gzip in the entry) makes <link rel="modulepreload"> work in browsers
    // without it; every browser since Safari 17 and Firefox 115 has it. Without it an older one
    // ignores the route hints' links and fetches those chunks when the entry imports them, later
    // but the same page.
    modulePreload: { polyfill: false, resolveDependencies: pageScriptsFromRouteHints(readFileSync(path.resolve(import.meta.dirname, 'src/app/routes.tsx'), 'utf8')) },
    rolldownOptions: {
      output: {
        // Everything the entry loads statically (React, TanStack Query, the router, the shell) in
        // the entry's one file. Left to itself, Rolldown cuts that code into a chunk per set of
        // lazy pages that share a piece (React's package apart from its JSX runtime, a query-core
        // class…), and every lazy page added or changed moved those cuts: five to seven files,
        // which gzip worse than one (93.3-94.5 KB against 91.7 KB for the same code, issue 28 part 3).
        // Starting a sign-in (lib/login.ts and the hook every sign-in button uses) as one file: as
        // two, their per-file gzip overhead put the member dashboard's first paint over 100 KB.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial' as const] },
            { name: 'sign-in', test: /\/src\/(lib\/login|hooks\/useSignInStarter)\.ts$/ },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/idp': 'http://localhost:3000' } },
}));
