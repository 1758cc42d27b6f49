import { isSafeAppPath, normalizePath } from './paths';

/** Spec 01 §4 / spec 02 §5: progress is not saved on the welcome pages. */
const WELCOME_PATHS = new Set(['/', '/coach', '/client']);

/**
 * Sign-in and purchase callbacks are one-shot pages (their code is spent once used),
 * so returning someone to one would leave them on "Loading..." for good.
 */
const ONE_SHOT_PREFIXES = ['/login-callback-', '/purchase-success-callback', '/purchase-failure-callback'];

function isOneShot(path: string): boolean {
  return ONE_SHOT_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Whether a route change to `pathname` should be recorded with SaveUserProgress. */
export function shouldSaveProgress(pathname: string): boolean {
  const path = normalizePath(pathname);
  return !WELCOME_PATHS.has(path) && !isOneShot(path);
}

/** Whether a saved `lastVisitedRoute` is somewhere worth returning to on start. */
export function isRestorableRoute(route: string | null | undefined): route is string {
  if (!isSafeAppPath(route)) return false;
  const path = normalizePath(route.split(/[?#]/)[0] ?? '');
  return !WELCOME_PATHS.has(path) && !isOneShot(path);
}
