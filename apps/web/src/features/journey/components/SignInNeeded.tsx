import { useCallback } from 'react';
import { Link } from 'react-router';
import { SAVING_TEXT } from '../content/saving';

/** A Professional question page opened without a session: say why nothing can be kept, and where to start. */
export function SignInNeeded({ startPath }: { startPath: string }) {
  const focusOnAppear = useCallback((node: HTMLElement | null) => node?.focus(), []);
  return (
    <div className="journey-page">
      <div className="journey-status">
        <h1 ref={focusOnAppear} tabIndex={-1} className="journey-title">
          {SAVING_TEXT.signInNeededTitle}
        </h1>
        <p>{SAVING_TEXT.signInNeeded}</p>
        <Link className="journey-button journey-button--primary" to={startPath}>
          {SAVING_TEXT.goToStart}
        </Link>
      </div>
    </div>
  );
}
