import { defineConfig } from '@playwright/test';
import { CATCHER_PASSWORD, CATCHER_USER } from '../apps/server/test/mail-catcher';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = `/tmp/bloom-e2e-${process.pid}`;
// The mail catcher (mail-catcher.ts, the global setup) listens here; the server sends to it over SMTP.
// Named once, by the runner, and handed to its workers through the environment: tests read the
// messages the catcher received in the mailbox folder (tests/support/account-mail.ts).
const smtpPort = Number((process.env.BLOOM_E2E_SMTP_PORT ??= String(Number(process.env.E2E_SMTP_PORT ?? port + 20_000))));
process.env.BLOOM_E2E_MAILBOX ??= `/tmp/bloom-e2e-mail-${process.pid}`;

/** Browser tests drive Debian's Chromium against the real server on a fresh SQLite database. */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Two spec files at a time against the one server: every test makes its own people, so files do
  // not share state. On CI's 2 cores this took the suite from 9.6 to 7.5 minutes (tests within a
  // file still run in order, in one worker).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './mail-catcher.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Dates are shown in the reader's zone; the tests read as a reader in UTC, whatever the host's (a test may name another).
    timezoneId: 'UTC',
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
      SIGN_IN_STARTS_PER_IP: '5000',
      SIGN_UPS_PER_IP: '5000',
      // And every guest starts from 127.0.0.1 too: the suite starts more than the default 30 in ten minutes.
      GUESTS_PER_IP: '5000',
      ADMIN_EMAILS: 'admin@bloom.test,layout-admin@bloom.test,progress-admin@bloom.test',
      // Bloom signs in to the catcher as it would to a real mail server.
      SMTP_URL: `smtp://${CATCHER_USER}:${CATCHER_PASSWORD}@127.0.0.1:${smtpPort}`,
    },
  },
});
