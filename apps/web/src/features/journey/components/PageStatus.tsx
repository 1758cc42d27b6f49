import { Page } from '../../../components/ui/Page';
import { JOURNEY_PAGE_TEXT as T } from '../content/pages';
import journey from '../Journey.module.css';
import { JourneyButton } from './JourneyButton';
import { PageIntro } from './PageIntro';
import styles from './PageStatus.module.css';

/** What a journey page shows while its data loads, or when it could not be loaded. */
export function PageLoading({ message = T.loading }: { message?: string }) {
  return (
    <div className={journey.status} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}

/**
 * A page whose data could not be loaded: it says so and offers Try again. It takes the place of
 * the page's content (and of the loading status), so it is an alert, announced when it appears
 * (WCAG 4.1.3).
 */
export function PageUnavailable({ onRetry, title }: { onRetry: () => void; title?: string }) {
  const status = (
    <div className={journey.status} role="alert">
      <p>{T.unavailable}</p>
      <JourneyButton variant="secondary" onClick={onRetry}>
        {T.retry}
      </JourneyButton>
    </div>
  );
  // In place of a whole page, it still says which page this is (its heading), as the page would.
  if (title === undefined) return status;
  return (
    <Page stack={false} className={journey.page}>
      <PageIntro title={title} />
      {status}
    </Page>
  );
}
