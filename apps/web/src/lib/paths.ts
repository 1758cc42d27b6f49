/** Route comparisons are case-insensitive (spec 01 §2) and ignore a trailing slash. */
export function normalizePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.replace(/\/+$/, '') || '/' : lower;
}

export function pathEquals(pathname: string, url: string): boolean {
  return normalizePath(pathname) === normalizePath(url);
}

/** True when `pathname` is `url` or a page below it (segment-wise, so /Pro/ExperiencesX is not under /Pro/Experiences). */
export function pathIsWithin(pathname: string, url: string): boolean {
  const path = normalizePath(pathname);
  const base = normalizePath(url);
  return path === base || path.startsWith(`${base}/`);
}

/** A path the app may navigate to: one of ours, never another site ("//evil.example", "/\evil"). */
export function isSafeAppPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/[\s]/.test(value) && value.length <= 300;
}
