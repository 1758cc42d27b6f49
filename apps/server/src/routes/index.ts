import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth';
import { coachRoutes } from './coach';
import { healthRoutes } from './health';
import { identityRoutes } from './identity';
import { journeyDataRoutes } from './journey-data';
import { journeyUserRoutes } from './journey-user';
import { memberRoutes } from './member';
import { organizationRoutes } from './organization';
import { privacyRoutes } from './privacy';
import { purchaseRoutes, STRIPE_WEBHOOK_PATH } from './purchase';
import { reportRoutes } from './reports';

/** Paths exempt from the CSRF header check: only provider-signed webhooks belong here. */
export const CSRF_EXEMPT_PATHS: string[] = [STRIPE_WEBHOOK_PATH];

/** Every API area, registered in one place so the route map is easy to read. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(identityRoutes);
  await app.register(journeyUserRoutes);
  await app.register(journeyDataRoutes);
  await app.register(coachRoutes);
  await app.register(organizationRoutes);
  await app.register(memberRoutes);
  await app.register(reportRoutes);
  await app.register(purchaseRoutes);
  await app.register(privacyRoutes);
}
