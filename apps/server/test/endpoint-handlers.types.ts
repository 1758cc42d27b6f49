import type { FastifyInstance } from 'fastify';
import { endpointHandlers } from '../src/api/handlers/index';
import { registerEndpoints } from '../src/api/register';

/**
 * Type-level checks of decision 0025, run by `npm run typecheck` (never executed): the handler
 * set must match the endpoint table exactly. If either `@ts-expect-error` stops being an
 * error, the type check fails.
 */
export function handlerSetMustMatchTheTable(app: FastifyInstance): void {
  const { health: _health, ...withoutOne } = endpointHandlers;
  // @ts-expect-error a table entry without a handler
  void registerEndpoints(app, withoutOne);
  // @ts-expect-error a handler without a table entry
  void registerEndpoints(app, { ...endpointHandlers, notAnEndpoint: endpointHandlers.health });
  // @ts-expect-error a handler answering another entry's type (a boolean where an assessment is due)
  void registerEndpoints(app, { ...endpointHandlers, getLatestAssessment: endpointHandlers.userHasAssessment });
  void registerEndpoints(app, endpointHandlers);
}
