import type { ClientRoute } from './client-route';
import type { EndpointSpec } from './define';

/** Each entry's run-time part for the web client. */
export function clientRoutes(endpoints: Readonly<Record<string, EndpointSpec>>): Record<string, ClientRoute> {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, entry]) => {
      const query = Object.keys(entry.query?.shape ?? {});
      const route: ClientRoute = { method: entry.method, path: entry.path, query };
      return [name, route];
    }),
  );
}

/**
 * The text of `client-routes.generated.ts`: each endpoint's name with its method, path and query
 * names in one line (`clientRoute` reads it), without a schema, so the web client can build every
 * call at run time while zod stays out of the browser's first load. `npm run
 * generate:client-routes` writes it; a test fails when the file is stale.
 */
export function clientRoutesSource(endpoints: Readonly<Record<string, EndpointSpec>>): string {
  const lines = Object.entries(endpoints).map(([name, entry]) => {
    if (/\s/.test(entry.path)) throw new Error(`${name}: a path with a space cannot be written as a route line`);
    const query = Object.keys(entry.query?.shape ?? {});
    return `  ${name}: '${[entry.method, entry.path, ...query].join(' ')}',`;
  });
  return [
    '// Generated from the endpoint table by `npm run generate:client-routes`. Do not edit.',
    "import type { ClientRouteLine } from './client-route';",
    '',
    'export const CLIENT_ROUTES = {',
    ...lines,
    '} as const satisfies Record<string, ClientRouteLine>;',
    '',
  ].join('\n');
}
