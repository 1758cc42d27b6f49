import type { FastifyInstance } from 'fastify';

/**
 * Stopping on SIGTERM or SIGINT (decision 0071). A load balancer learns that an instance is
 * leaving from its health check, `/readyz`, and only every few seconds; an instance that closed
 * its listener at once would refuse the requests still sent to it meanwhile. So on SIGTERM (what
 * service managers and orchestrators send):
 *
 * 1. `/readyz` answers 503 `shutting_down` at once, and every other request is still served;
 * 2. after `drainMs` (SHUTDOWN_DRAIN_SECONDS) the listener closes and the requests in flight
 *    are finished (`app.close()`), then the database is closed and the process exits.
 *
 * SIGINT (Ctrl-C at a terminal) skips the wait, or ends one under way. A repeated SIGTERM changes
 * nothing: a signal sent to a whole process group (Ctrl-C, `kill -TERM -<pgid>`) under
 * `npm run serve` arrives twice, once directly and once forwarded by npm.
 *
 * The signal must reach this process. npm runs a script through `sh -c`, and dash (Debian's sh)
 * neither forwards a SIGTERM to its child nor replaces itself with it: it died and left node
 * running, undrained and holding the SQLite lock (a restart then exits 75). So the serve script
 * is `exec node …` (package.json), which makes node npm's own child, and npm passes SIGTERM and
 * SIGINT on to it; a container or service manager should run `node …` itself (docs/deploy.md).
 */
export function shutDownOnSignals(app: FastifyInstance, { drainMs, closeDatabase }: { drainMs: number; closeDatabase: () => Promise<void> }): void {
  let stopping = false;
  let endDrain: (() => void) | undefined;
  const shutDown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      if (signal === 'SIGINT') endDrain?.();
      return;
    }
    stopping = true;
    app.stopBeingReady();
    if (drainMs > 0 && signal === 'SIGTERM') {
      app.log.info(`${signal} received: /readyz says 503; serving ${drainMs / 1000} s more while the load balancer takes this instance out`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainMs);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    app.log.info(`${signal}: finishing in-flight requests`);
    // close() stops accepting connections and resolves once in-flight requests have been answered.
    await app.close();
    await closeDatabase();
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      shutDown(signal).catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
    });
  }
}
