import type { ClientRoute } from './client-route';
import type { EndpointSpec } from './define';

/** Each entry's run-time part for the web client. */
export function clientRoutes(endpoints: Readonly<Record<string, EndpointSpec>>): Record<string, ClientRoute> {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, entry]) => {
      const query = Object.keys(entry.query?.shape ?? {});
      const route: ClientRoute = { method: entry.method, path: entry.path, ...(query.length > 0 ? { query } : {}) };
      return [name, route];
    }),
  );
}

/**
 * The text of `client-routes.generated.ts`: each endpoint's name, method, path and query names
 * (left out when there are none), without a schema, so the web client can build every call at
 * run time while zod stays out of the browser's first load. `npm run generate:client-routes`
 * writes it; a test fails when the file is stale.
 */
export function clientRoutesSource(endpoints: Readonly<Record<string, EndpointSpec>>): string {
  const lines = Object.entries(endpoints).map(([name, entry]) => {
    const query = Object.keys(entry.query?.shape ?? {});
    const parts = [`method: '${entry.method}'`, `path: '${entry.path}'`, ...(query.length > 0 ? [`query: [${query.map((key) => `'${key}'`).join(', ')}]`] : [])];
    return `  ${name}: { ${parts.join(', ')} },`;
  });
  return [
    '// Generated from the endpoint table by `npm run generate:client-routes`. Do not edit.',
    "import type { ClientRoute } from './client-route';",
    '',
    'export const CLIENT_ROUTES = {',
    ...lines,
    '} as const satisfies Record<string, ClientRoute>;',
    '',
  ].join('\n');
}
