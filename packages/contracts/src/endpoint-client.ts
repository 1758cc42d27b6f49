/**
 * The endpoint table's run-time part for the web client: routes and path filling, no zod.
 * Types come from `@bloom/contracts` with `import type`, which the build erases.
 */
export { CLIENT_ROUTES } from './endpoints/client-routes.generated';
export { clientRoute, type ClientRoute, type ClientRouteLine } from './endpoints/client-route';
export { buildUrl, fillPath, type ParamValue } from './endpoints/paths';
