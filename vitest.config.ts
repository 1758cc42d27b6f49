import { defineConfig } from 'vitest/config';

// Two projects: `unit` is pure logic (fast, no I/O); `api` drives the real server
// against a real database (SQLite by default, PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
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
