import { JOURNEY_PAGE_TEXT as T } from '../content/pages';

/** What a journey page shows while its data loads, or when it could not be loaded. */
export function PageLoading({ message = T.loading }: { message?: string }) {
  return (
    <div className="journey-status" role="status">
      <span className="journey-spinner journey-spinner--large" aria-hidden="true" />
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
    <div className="journey-status">
      <p>{T.unavailable}</p>
      <button type="button" className="journey-button journey-button--secondary" onClick={onRetry}>
        {T.retry}
      </button>
    </div>
  );
}
