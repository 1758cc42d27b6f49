import { useCallback } from 'react';
import { Link } from '../../../lib/router';
import { Page } from '../../../components/ui/Page';
import { SAVING_TEXT } from '../content/saving';
import journey from '../Journey.module.css';
import { journeyButtonClassName } from './JourneyButton';

/** A Professional question page opened without a session: say why nothing can be kept, and where to start. */
export function SignInNeeded({ startPath }: { startPath: string }) {
  const focusOnAppear = useCallback((node: HTMLElement | null) => node?.focus(), []);
  return (
    <Page stack={false} className={journey.page}>
      <div className={journey.status}>
        <h1 ref={focusOnAppear} tabIndex={-1} className={journey.title}>
          {SAVING_TEXT.signInNeededTitle}
        </h1>
        <p>{SAVING_TEXT.signInNeeded}</p>
        <Link className={journeyButtonClassName('primary')} to={startPath}>
          {SAVING_TEXT.goToStart}
        </Link>
      </div>
    </Page>
  );
}
