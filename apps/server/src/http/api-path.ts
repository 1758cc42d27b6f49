/** `/api/…` in any letter case, as the router matches it; only the first five characters are looked at. */
export function isApiPath(url: string): boolean {
  return (url.length >= 5 && url.slice(0, 5).toLowerCase() === '/api/') || hasEncodedServicePrefix(url);
}

/** The first path segments of Bloom's own services, which no page path may imitate. */
const SERVICE_PREFIXES = new Set(['api', 'idp']);

/**
 * Whether the first path segment is percent-encoded and decodes to `api` or `idp` (`/%61pi/…`).
 * The router decodes such a path and routes it to the API, while the CSRF, JSON and header
 * checks compare the raw path; such requests are therefore refused before any of them run
 * (app.ts). Nothing Bloom sends encodes these letters, so no honest request is refused.
 */
export function hasEncodedServicePrefix(url: string): boolean {
  const end = firstSegmentEnd(url);
  const segment = url.slice(1, end);
  if (!segment.includes('%')) return false;
  try {
    return SERVICE_PREFIXES.has(decodeURIComponent(segment).toLowerCase());
  } catch {
    return false; // malformed: the router answers it 400 itself
  }
}

function firstSegmentEnd(url: string): number {
  for (let index = 1; index < url.length; index++) {
    const char = url[index];
    if (char === '/' || char === '?' || char === '#') return index;
  }
  return url.length;
}

/**
 * Whether a request target is a path (origin form, `/…`). Node passes an absolute-form target
 * (`POST http://host/api/… HTTP/1.1`) or `*` to the router as it came, and the router still routes
 * the first to the API, while the CSRF, JSON and session checks test the raw target for `/api/`.
 * Browsers send only paths to an origin server, so anything else is refused first (app.ts).
 */
export function isPathTarget(url: string): boolean {
  return url.charCodeAt(0) === 47; // '/'
}
