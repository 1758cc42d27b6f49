import type { TestServer } from '../harness';

/**
 * How many queries the server's database ran while `work` ran. The counter sees every query of
 * the process, background work's too (housekeeping, the mail dispatcher), which only ever adds.
 */
export async function queriesDuring(server: TestServer, work: () => Promise<unknown>): Promise<number> {
  const executor = server.database.db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  let count = 0;
  (executor as { executeQuery: typeof original }).executeQuery = ((...args: Parameters<typeof original>) => {
    count += 1;
    return original(...args);
  }) as typeof original;
  try {
    await work();
  } finally {
    (executor as { executeQuery: typeof original }).executeQuery = original;
  }
  return count;
}
