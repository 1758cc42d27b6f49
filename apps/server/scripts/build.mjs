/**
 * Bundles the server into one ES module, apps/server/dist/main.mjs, run by plain Node.
 *
 * Running the TypeScript sources through tsx cost ~50 MB of resident memory (the
 * transpiler and every transpiled module kept in memory) and seconds of start-up; the
 * bundle runs without it (docs/decisions/0009-server-bundle.md). Bloom's own workspace
 * packages (@bloom/domain, @bloom/contracts) are TypeScript and go into the bundle; every
 * npm dependency stays external and is loaded from node_modules as usual, so native
 * modules (better-sqlite3, argon2) and packages that read their own files keep working.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {})
  .filter((name) => !name.startsWith('@bloom/'))
  .flatMap((name) => [name, `${name}/*`]);

// BLOOM_SERVER_OUTFILE builds a second bundle beside main.mjs, to run two builds side by side (docs/performance.md).
const outfile = path.join(serverRoot, process.env.BLOOM_SERVER_OUTFILE ?? 'dist/main.mjs');
/** Bundles run by plain Node: the server, and the norms worker it starts beside it (src/norms/norms-in-worker.ts finds it by this name). */
const bundles = [
  { entry: 'src/main.ts', outfile },
  { entry: 'src/norms/norms-worker.ts', outfile: outfile.replace(/\.mjs$/, '.norms-worker.mjs') },
];
for (const bundle of bundles) {
  await build({
    entryPoints: [path.join(serverRoot, bundle.entry)],
    outfile: bundle.outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    // Positions in stack traces map back to the TypeScript with NODE_OPTIONS=--enable-source-maps.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  asciiOnly(bundle.outfile);
}

/**
 * esbuild writes code as ASCII (its default charset) but keeps comments as written, and a few
 * hold "→", "≥" or "σ". One such character makes V8 keep the whole bundle's source, which it
 * holds for lazy compilation as long as the process runs, as a two-byte string: 2 MB instead of
 * 1 MB (issue 28 part 4). Only comments are left to escape; a source map column after one of
 * them on its line is off by a few characters.
 */
function asciiOnly(file) {
  const text = readFileSync(file, 'utf8');
  // Per UTF-16 unit, as \uXXXX: the one escape that means the same in a comment, string, template or regular expression.
  writeFileSync(file, text.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

// Read at run time beside the bundle (src/idp/common-passwords.ts), not bundled: see that module.
copyFileSync(path.join(serverRoot, 'src/idp/common-passwords.json'), path.join(path.dirname(outfile), 'common-passwords.json'));
