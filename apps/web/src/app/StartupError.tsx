import { BRAND } from '../content/brand';
import { SHELL_TEXT } from '../content/shell';
import { PageTitle } from '../components/layout/PageTitle';
import { Button } from '../components/ui/Button';
import styles from './ErrorScreen.module.css';

/**
 * The modules list never arrived, even after the retry helper's five attempts.
 * Rather than leave "Loading..." up for ever, say so and offer another try.
 */
export function StartupError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <main className={styles.screen}>
      <PageTitle title={SHELL_TEXT.startupFailedTitle} />
      <div className={styles.card} role="alert">
        <img className={styles.mark} src={BRAND.logoMarkSrc} alt="" width="64" height="48" />
        <h1 className={styles.title}>{SHELL_TEXT.startupFailedTitle}</h1>
        <p className={styles.body}>{SHELL_TEXT.startupFailedBody}</p>
        <Button onClick={onRetry} busy={retrying}>
          {SHELL_TEXT.tryAgain}
        </Button>
      </div>
    </main>
  );
}
