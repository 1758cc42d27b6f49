import { useSignInStarter } from '../../hooks/useSignInStarter';
import type { LoginFlow } from '../../lib/login';
import { Button } from '../ui/Button';
import { GatePanel, type GatePanelClasses } from './GatePanel';

export interface SignInPromptProps {
  pageTitle: string;
  title: string;
  body: string;
  buttonLabel: string;
  /** Which sign-in hand-off the button starts (spec 01 §7), so the callback returns here. */
  flow: LoginFlow;
  /** Come back to this page once signed in, instead of where the flow goes (a members-only page the person asked for). */
  returnHere?: boolean;
  /** The page's CSS module, so the prompt looks like that page's own panel (GatePanelClasses). */
  classes: GatePanelClasses;
}

/** What a members-only page shows someone who is not signed in: why, and one button to sign in. */
export function SignInPrompt({ pageTitle, title, body, buttonLabel, flow, returnHere = false, classes }: SignInPromptProps) {
  const signIn = useSignInStarter();
  return (
    <GatePanel
      pageTitle={pageTitle}
      title={title}
      body={body}
      classes={classes}
      actions={
        <Button busy={signIn.busy !== null} onClick={() => signIn.start(flow, undefined, returnHere)}>
          {buttonLabel}
        </Button>
      }
    />
  );
}
