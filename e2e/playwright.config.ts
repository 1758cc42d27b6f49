import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// Named once, by the runner, and handed to its workers through the environment: tests read the
// server's mail outbox there (tests/support/account-mail.ts).
const dataDir = (process.env.BLOOM_E2E_DATA_DIR ??= `/tmp/bloom-e2e-${process.pid}`);

/** Browser tests drive Debian's Chromium against the real server on a fresh SQLite database. */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node ../apps/server/dist/main.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // Every browser test signs people in from 127.0.0.1; the default (50 in five minutes) is for real addresses.
      SIGN_IN_ATTEMPTS_PER_IP: '5000',
      ADMIN_EMAILS: 'admin@bloom.test,layout-admin@bloom.test,progress-admin@bloom.test',
    },
  },
});
