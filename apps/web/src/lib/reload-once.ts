import { keepSessionValue } from './session-storage';

/** The address this tab last reloaded because a page's code failed to load (cleared by the next page that loads). */
export const RELOAD_GUARD_KEY = 'bloom.reload';

/**
 * Loads a page's code; when that fails, reloads the page once instead. After a new build is
 * deployed, a tab still running the previous one asks for file names that are gone (the server
 * answers 404): the failed import rejects (Vite's loader, having announced `vite:preloadError`,
 * rejects too), and a reload fetches the new build's HTML and code. The reload is remembered for
 * the address in the tab's session storage, so a second failure there (or any in a tab whose
 * storage is refused) rejects, and the route's error screen shows, instead of reloading for ever.
 */
export function loadOrReloadOnce<T>(load: () => Promise<T>): Promise<T> {
  return load().then(
    (loaded) => (keepSessionValue(RELOAD_GUARD_KEY, null), loaded),
    (error: unknown) => {
      try {
        if (sessionStorage.getItem(RELOAD_GUARD_KEY) !== location.href) {
          sessionStorage.setItem(RELOAD_GUARD_KEY, location.href);
          location.reload();
          // The page stays on its loading screen until the reload replaces it.
          return new Promise<T>(() => undefined);
        }
      } catch {
        // Storage refused: a second failure could not be told from the first, so no reload.
      }
      throw error;
    },
  );
}
