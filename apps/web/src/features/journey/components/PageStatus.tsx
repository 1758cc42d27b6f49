import { JOURNEY_PAGE_TEXT as T } from '../content/pages';
import journey from '../Journey.module.css';
import { JourneyButton } from './JourneyButton';
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
 * Spec 01 §8 keeps call failures out of the way (logged only); a page that cannot show anything
 * at all still needs a way forward, so it offers one quiet retry.
 */
export function PageUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={journey.status}>
      <p>{T.unavailable}</p>
      <JourneyButton variant="secondary" onClick={onRetry}>
        {T.retry}
      </JourneyButton>
    </div>
  );
}
