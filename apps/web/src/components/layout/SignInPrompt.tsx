import { useSignInStarter } from '../../hooks/useSignInStarter';
import type { LoginFlow } from '../../lib/login';
import { Button } from '../ui/Button';
import { Page } from '../ui/Page';
import { PageTitle } from './PageTitle';

/**
 * The CSS module of the page the prompt stands in for, so it looks like that page's own
 * panel: its `page` (the adjustments to the kit's Page), `panel`, `title`, `lead` and `actions`
 * classes are added to the scaffold's (`bloom-panel`, `bloom-title`, `bloom-lead`,
 * `bloom-actions`), which the prompt always has; a page without one of them keeps the scaffold's.
 */
export type SignInPromptClasses = Readonly<Record<string, string>>;

export interface SignInPromptProps {
  pageTitle: string;
  title: string;
  body: string;
  buttonLabel: string;
  /** Which sign-in hand-off the button starts (spec 01 §7), so the callback returns here. */
  flow: LoginFlow;
  classes: SignInPromptClasses;
}

/** What a members-only page shows someone who is not signed in: why, and one button to sign in. */
export function SignInPrompt({ pageTitle, title, body, buttonLabel, flow, classes }: SignInPromptProps) {
  const signIn = useSignInStarter();
  const scaffold = (part: 'panel' | 'title' | 'lead' | 'actions') => [`bloom-${part}`, classes[part]].filter(Boolean).join(' ');
  return (
    <Page className={classes.page}>
      <PageTitle title={pageTitle} />
      <section className={scaffold('panel')}>
        <h1 className={scaffold('title')}>{title}</h1>
        <p className={scaffold('lead')}>{body}</p>
        <div className={scaffold('actions')}>
          <Button busy={signIn.busy !== null} onClick={() => signIn.start(flow)}>
            {buttonLabel}
          </Button>
        </div>
      </section>
    </Page>
  );
}
