import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health';

/** Paths exempt from the CSRF header check: only provider-signed webhooks belong here. */
export const CSRF_EXEMPT_PATHS: string[] = [];

/** Every API area, registered in one place so the route map is easy to read. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
}
