import { useEffect, useRef, useState } from 'react';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { Button } from '../ui/Button';
import { Page } from '../ui/Page';
import { PageTitle } from './PageTitle';
import { SIGN_IN_CHECK_TEXT as T } from './sign-in-check-content';

export interface SignInCheckFailedProps {
  pageTitle: string;
  /** The page's CSS module, as for SignInPrompt, so the state looks like that page's own panel. */
  classes?: Readonly<Record<string, string | undefined>>;
}

/**
 * What a gated page shows while the current-user lookup has failed (useCurrentUser's
 * `lookupFailed`): nobody has said who is signed in, so the page must not say "this is for
 * coaches" or "please sign in"; it says the check failed and offers to ask again. A retry that
 * fails again says so, so pressing Try again is never met with silence.
 */
export function SignInCheckFailed({ pageTitle, classes = {} }: SignInCheckFailedProps) {
  const { lookingUp, lookUpAgain } = useCurrentUser();
  const [retried, setRetried] = useState(false);
  const [stillFailing, setStillFailing] = useState(false);
  const wasLookingUp = useRef(false);
  // A retry has ended while this is still shown: it failed again.
  useEffect(() => {
    if (wasLookingUp.current && !lookingUp && retried) setStillFailing(true);
    wasLookingUp.current = lookingUp;
  }, [lookingUp, retried]);
  const scaffold = (part: 'panel' | 'title' | 'lead' | 'actions') => [`bloom-${part}`, classes[part]].filter(Boolean).join(' ');
  return (
    <Page className={classes.page}>
      <PageTitle title={pageTitle} />
      <section className={scaffold('panel')} aria-labelledby="sign-in-check-title">
        <h1 id="sign-in-check-title" className={scaffold('title')}>
          {T.title}
        </h1>
        <p className={scaffold('lead')}>{T.body}</p>
        <div className={scaffold('actions')}>
          <Button
            busy={lookingUp}
            onClick={() => {
              setRetried(true);
              setStillFailing(false);
              lookUpAgain();
            }}
          >
            {T.tryAgain}
          </Button>
        </div>
        <p role="status">{stillFailing ? T.stillFailing : ''}</p>
      </section>
    </Page>
  );
}
