/**
 * What the web client needs of an endpoint at run time (no schemas: see client-routes-source.ts):
 * its method and path, and the names of its query values when it has any. It is in every page's
 * first paint, so nothing the client does not read at run time is in it (the response's kind is
 * in the types, from the endpoint table).
 */
export interface ClientRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly query?: readonly string[];
}
