/**
 * Paths of the endpoint table, without zod: the web client imports this (and the generated
 * route list) at run time, so it must not pull the schemas into the browser's first load.
 */

/** A `{param}` segment, or `{param?}` for an optional last segment. */
export const PATH_PARAM = /\{([A-Za-z][A-Za-z0-9]*)(\?)?\}/g;

export type ParamValue = string | number | boolean;

/** The `{param}` names of a path, in order, with whether each is optional. */
export function pathParams(path: string): { name: string; optional: boolean }[] {
  return [...path.matchAll(PATH_PARAM)].map((match) => ({ name: match[1]!, optional: match[2] === '?' }));
}

/**
 * The path with every parameter filled in and percent-encoded (`encodeURIComponent`, so a `/`
 * or `?` in a value stays inside its segment). An optional last segment left out is dropped
 * with its slash; a required one left out throws.
 */
export function fillPath(entry: { readonly path: string }, params: Readonly<Record<string, ParamValue | null | undefined>> = {}): string {
  return entry.path.replace(/\/?\{([A-Za-z][A-Za-z0-9]*)(\?)?\}/g, (whole, name: string, optional: string | undefined) => {
    const value = params[name];
    const slash = whole.startsWith('/') ? '/' : '';
    if (value === undefined || value === null || value === '') {
      if (optional) return '';
      throw new Error(`${entry.path}: no value for {${name}}`);
    }
    return `${slash}${encodeURIComponent(String(value))}`;
  });
}

/** The URL (path and query string) of a call; query values left undefined are left out. */
export function buildUrl(
  entry: { readonly path: string },
  params: Readonly<Record<string, ParamValue | null | undefined>> = {},
  query: Readonly<Record<string, ParamValue | null | undefined>> = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.append(key, String(value));
  const queryString = search.toString();
  return queryString ? `${fillPath(entry, params)}?${queryString}` : fillPath(entry, params);
}
