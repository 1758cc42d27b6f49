import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` is pure logic (fast, no I/O); `api` drives the real server
// against a real database (SQLite by default, PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    // One worker per core. Vitest's default leaves a core free (one worker on a 2-core CI machine),
    // but these tests mostly wait: on fsyncs, on PostgreSQL, on servers they started. On this
    // machine's 2 cores, 2 workers took the API tests from 121 to 68 s on SQLite and 169 to 97 s
    // on PostgreSQL, and the unit tests from 24 to 15 s; 3 workers were no faster.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
          // The web app shows dates in the reader's time zone; its tests read them as a reader in UTC would, on any host.
          env: { TZ: 'UTC' },
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
          pool: 'forks',
          // CI machines are shared and noisy; one retry keeps a timing hiccup from hiding a green run.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
