import { useEffect } from 'react';
import { Link } from '../lib/router';
import { PageTitle } from '../components/layout/PageTitle';
import { buttonClassName } from '../components/ui/Button';
import { BRAND } from '../content/brand';
import { SHELL_TEXT } from '../content/shell';
import styles from './ErrorScreen.module.css';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/** Spec 01 §2: the router's error screen, titled "Unexpected Application Error!". The message is shown as text. */
export function RouteErrorPage({ error, inShell = false }: { error: unknown; inShell?: boolean }) {
  useEffect(() => console.error('Route error', error), [error]);
  // Inside the shell the layout already provides <main>; on its own the screen is the main content.
  const Wrapper = inShell ? 'div' : 'main';
  return (
    <Wrapper className={inShell ? `${styles.screen} ${styles.inShell}` : styles.screen}>
      <PageTitle title={SHELL_TEXT.errorTitle} />
      <div className={styles.card} role="alert">
        <img className={styles.mark} src={BRAND.logoMarkSrc} alt="" width="64" height="48" />
        <h1 className={styles.title}>{SHELL_TEXT.errorTitle}</h1>
        <p className={styles.body}>{SHELL_TEXT.errorBody}</p>
        <p className={styles.detail}>{describe(error)}</p>
        {/* A full page load: whatever broke gets a fresh start. */}
        <Link to="/" reloadDocument className={buttonClassName('primary')}>
          {SHELL_TEXT.backHome}
        </Link>
      </div>
    </Wrapper>
  );
}
