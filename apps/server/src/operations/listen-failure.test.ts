import { describe, expect, it } from 'vitest';
import { listenFailure } from './listen-failure';

/**
 * The line and exit code for each way listening fails. PORT in use and an unknown HOST are also
 * started for real in apps/server/test/operations-config.test.ts; a port below 1024 refused
 * (EACCES) cannot be met there, as the suite may run as root.
 */
describe('listenFailure', () => {
  const config = { port: 80, host: '0.0.0.0' };

  it('says a port the process may not use needs rights or a proxy, and exits 77 (EX_NOPERM), not with Node\'s raw error', () => {
    for (const code of ['EACCES', 'EPERM']) {
      const failure = listenFailure(code, config);
      expect(failure?.exitCode).toBe(77);
      expect(failure?.message).toMatch(/^PORT 80 on 0\.0\.0\.0 may not be used by this process \((EACCES|EPERM)\): .*set PORT to 1024 or above/);
    }
  });

  it('keeps the other causes as they were: in use 71, host 68', () => {
    expect(listenFailure('EADDRINUSE', config)?.exitCode).toBe(71);
    expect(listenFailure('ENOTFOUND', config)?.exitCode).toBe(68);
    expect(listenFailure('EADDRNOTAVAIL', config)?.exitCode).toBe(68);
  });

  it('leaves a cause it does not know to be thrown as it is', () => {
    expect(listenFailure('EMFILE', config)).toBeUndefined();
    expect(listenFailure(undefined, config)).toBeUndefined();
  });
});
