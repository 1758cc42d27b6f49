import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../harness';
import { SmtpCatcher, type CaughtMail } from '../mail-catcher';

/**
 * The real server, sending its mail over SMTP to a catcher in this process (../mail-catcher.ts),
 * for the tests of one file or `describe` block: called at its top level, it starts both before
 * the first test and closes them after the last, the server first, so nothing is still sending
 * to a catcher that is gone. Hooks registered after this call run their `afterAll` before it
 * (vitest runs after-hooks in reverse), so a block may stop what it started on the server.
 *
 * `server` and `catcher` exist from the block's `beforeAll` on; reading them sooner is a
 * mistake in the test, said so. `smtp: 'down'` starts with no SMTP server behind the address
 * (an outage): `catcher.listen()` brings it up.
 */
export interface ServerWithMail {
  readonly server: TestServer;
  readonly catcher: SmtpCatcher;
}

export function serverWithMailCatcher(environment: Record<string, string> = {}, { smtp = 'up' }: { smtp?: 'up' | 'down' } = {}): ServerWithMail {
  let server: TestServer | undefined;
  let catcher: SmtpCatcher | undefined;
  // Starting the server (a fresh database, on PostgreSQL created for it) may outlast the default hook timeout.
  beforeAll(async () => {
    catcher = smtp === 'up' ? await SmtpCatcher.start() : await SmtpCatcher.down();
    server = await startTestServer({ SMTP_URL: catcher.url, ...environment });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await catcher?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('serverWithMailCatcher: the server is read before beforeAll started it');
      return server;
    },
    get catcher() {
      if (!catcher) throw new Error('serverWithMailCatcher: the catcher is read before beforeAll started it');
      return catcher;
    },
  };
}

/** The token of the coach's invitation link (`/Client?invite=…`) in a caught message; throws, showing the text, when there is none. */
export function invitationTokenIn(mail: CaughtMail): string {
  const match = /\/Client\?invite=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return match[1]!;
}
