import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { envelope } from '../http/errors';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async (request, reply) => {
    try {
      await sql`select 1`.execute(app.database.db);
      return { status: 'ok', database: app.database.dialect };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send(envelope('database_unavailable', 'The database is not reachable.'));
    }
  });
}
