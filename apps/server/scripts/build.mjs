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
import { readFileSync } from 'node:fs';
import process from 'node:process';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {})
  .filter((name) => !name.startsWith('@bloom/'))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: [path.join(serverRoot, 'src/main.ts')],
  // BLOOM_SERVER_OUTFILE builds a second bundle beside main.mjs, to run two builds side by side (docs/performance.md).
  outfile: path.join(serverRoot, process.env.BLOOM_SERVER_OUTFILE ?? 'dist/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // Positions in stack traces map back to the TypeScript with NODE_OPTIONS=--enable-source-maps.
  sourcemap: 'linked',
  logLevel: 'warning',
});
