/** What the web client needs of an endpoint at run time (no schemas: see client-routes-source.ts). */
export interface ClientRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly query: readonly string[];
  readonly response: 'json' | 'text' | 'download' | 'redirect';
  /** 204 with no body is a success too (it reads as null). */
  readonly orNoContent?: true;
}
