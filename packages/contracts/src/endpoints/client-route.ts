/**
 * What the web client needs of an endpoint at run time (no schemas: see client-routes-source.ts):
 * its method and path, and the names of its query values (none for most). It is in every page's
 * first paint, so nothing the client does not read at run time is in it (the response's kind is
 * in the types, from the endpoint table).
 */
export interface ClientRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly query: readonly string[];
}

/**
 * A route as the generated list writes it, like an HTTP request line: the method, the path, then
 * the query names, separated by spaces (`'POST /api/auth/GetLoginUrlEnd returnPath intent'`).
 * One string an entry instead of an object keeps the list, in every page's first paint, about
 * 130 bytes (gzip) smaller. Paths have no spaces (the endpoint table's paths are URL paths).
 */
export type ClientRouteLine = `${ClientRoute['method']} /${string}`;

/** The route a line of the generated list names. */
export function clientRoute(line: ClientRouteLine): ClientRoute {
  const [method, path, ...query] = line.split(' ');
  return { method: method as ClientRoute['method'], path: path!, query };
}
