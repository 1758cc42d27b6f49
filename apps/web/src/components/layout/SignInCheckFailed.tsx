import { useState } from 'react';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { Button } from '../ui/Button';
import { GatePanel, type GatePanelClasses } from './GatePanel';
import { SIGN_IN_CHECK_TEXT as T } from './sign-in-check-content';

export interface SignInCheckFailedProps {
  pageTitle: string;
  /** The page's CSS module, as for SignInPrompt, so the state looks like that page's own panel. */
  classes?: GatePanelClasses;
}

/**
 * What a gated page shows while the current-user lookup has failed (useCurrentUser's
 * `lookupFailed`): nobody has said who is signed in, so the page must not say "this is for
 * coaches" or "please sign in"; it says the check failed and offers to ask again. A retry that
 * fails again says so, so pressing Try again is never met with silence; the button keeps its
 * focus while it asks.
 */
export function SignInCheckFailed({ pageTitle, classes }: SignInCheckFailedProps) {
  const { lookingUp, lookUpAgain } = useCurrentUser();
  const [stillFailing, setStillFailing] = useState(false);
  async function tryAgain() {
    setStillFailing(false);
    // Answered, the page shows what it is for instead of this.
    if (!(await lookUpAgain())) setStillFailing(true);
  }
  return (
    <GatePanel
      pageTitle={pageTitle}
      title={T.title}
      body={T.body}
      classes={classes}
      actions={
        <Button busy={lookingUp} keepFocusWhileBusy onClick={() => void tryAgain()}>
          {T.tryAgain}
        </Button>
      }
    >
      <p role="status">{stillFailing ? T.stillFailing : ''}</p>
    </GatePanel>
  );
}
