import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef } from 'react';
import { Outlet, useLocation } from '../lib/router';
import { FloatingButtons } from '../components/layout/FloatingButtons';
import { LoadingScreen } from '../components/layout/LoadingScreen';
import { PrintHeader } from '../components/layout/PrintHeader';
import { ProgressBar } from '../components/layout/ProgressBar';
import { SiteHeader } from '../components/layout/SiteHeader';
import { SHELL_TEXT } from '../content/shell';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { modulesQueryOptions } from '../hooks/useModules';
import { capturedReferrer } from './start-up';
import { useSaveProgress, useSaveReferrer, useScrollToTopOnRouteChange } from './shell-effects';
import { StartupError } from './StartupError';
import styles from './AppLayout.module.css';
import { useRestoreLastRoute } from './useRestoreLastRoute';

/**
 * The page layout of spec 01 §2: fixed header, printable header, progress bar,
 * content panel and floating buttons. Nothing renders until the modules list has loaded.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const modules = useQuery(modulesQueryOptions);
  const { user, isMember, isLoading: userLoading } = useCurrentUser();

  useScrollToTopOnRouteChange(pathname, mainRef);
  useSaveProgress(pathname, user);
  useSaveReferrer(capturedReferrer, user);
  const restoring = useRestoreLastRoute(pathname, user, !userLoading);

  useEffect(() => {
    if (modules.error) console.error('Could not load the modules list', modules.error);
  }, [modules.error]);

  // The shell and the first page appear in one low-priority render, which React splits into
  // short slices, rather than in the one long task of the update that brought the last answer;
  // "Loading..." stays until that render is ready.
  const ready = !modules.isPending && !restoring;
  const showShell = useDeferredValue(ready) && ready;

  if (modules.isError) {
    return <StartupError onRetry={() => void modules.refetch()} retrying={modules.isFetching} />;
  }
  if (!showShell) return <LoadingScreen fullPage />;

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main-content">
        {SHELL_TEXT.skipToContent}
      </a>
      <SiteHeader user={user} />
      <PrintHeader user={user} />
      <main id="main-content" ref={mainRef} tabIndex={-1} className={styles.content}>
        <ProgressBar pathname={pathname} />
        <Outlet />
      </main>
      <FloatingButtons pathname={pathname} isMember={isMember} />
    </div>
  );
}
