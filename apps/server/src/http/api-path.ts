/** `/api/…` in any letter case, as the router matches it; only the first five characters are looked at. */
export function isApiPath(url: string): boolean {
  return url.length >= 5 && url.slice(0, 5).toLowerCase() === '/api/';
}
