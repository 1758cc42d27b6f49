import { createRequire } from 'node:module';
import type pg from 'pg';

let loaded: typeof pg | undefined;

/**
 * The `pg` driver, loaded by the first server that opens PostgreSQL. An embedded server never
 * does, and a static import would load its 30 modules into every process anyway: about 1 MB of
 * live heap for nothing (docs/performance.md, "Memory, fourth round"). `pg` is CommonJS, so it
 * loads synchronously and `openDatabase` stays synchronous.
 */
export function pgModule(): typeof pg {
  loaded ??= createRequire(import.meta.url)('pg') as typeof pg;
  return loaded;
}
