import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/**
 * The pool's connections run with PostgreSQL's JIT off (decision 0080). JIT compiles a query
 * whose estimated cost passes jit_above_cost; organization insight's one query per organization
 * passes it at 10,000 clients and spent 550-650 ms compiling for a query that runs in less, and
 * nothing Bloom asks runs long enough to earn the compilation back.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL connection settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every pooled connection runs with jit off', async () => {
    // Several at once, so more than one connection of the pool is asked.
    const answers = await Promise.all(Array.from({ length: 4 }, () => server.database.db.transaction().execute((trx) => sql<{ jit: string }>`show jit`.execute(trx))));
    for (const answer of answers) expect(answer.rows[0]?.jit).toBe('off');
  });
});
