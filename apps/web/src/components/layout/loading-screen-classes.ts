/**
 * The loading screen's global class names (styles/global.css) and its mark's size: plain data,
 * because both the React screen (LoadingScreen.tsx) and the copy the build writes into
 * index.html (vite.config.ts) use them, and the two must match for React to take over unseen.
 */
export const LOADING_CLASSES = { screen: 'app-loading', fullPage: 'app-loading--full', mark: 'app-loading__mark' } as const;
export const LOADING_MARK_SIZE = { width: 72, height: 54 } as const;
