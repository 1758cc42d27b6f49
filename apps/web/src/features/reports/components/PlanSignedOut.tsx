import { useCallback } from 'react';
import { Link } from '../../../lib/router';
import { BRAND } from '../../../content/brand';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { PageTitle } from '../../../components/layout/PageTitle';
import { useSignInStarter } from '../../../hooks/useSignInStarter';
import { forgetThisTabsJourney, JOURNEY_PERSON_KEY, readSessionValue } from '../../../lib/session-storage';
import { PLAN_SIGNED_OUT_TEXT as T } from '../content/plan-signed-out';
import styles from '../Reports.module.css';

/** Where a guest, or someone with no account, begins. */
const START = '/';

/**
 * /PositivityPlan/{id} read with no session (the server's 401): the results pages' sign-in block
 * (the journey's ResultsSignedOut, decision 0069), as the plan page draws it. Never the upsell: the
 * plan may be bought already (the receipt's link opened on another device), and a sign-in started
 * from the upsell would check out whichever assessment is the caller's latest.
 * - a member this tab had signed in, or someone it does not know: "Log in to continue" starts the
 *   Beginning flow with `returnHere`, so the callback comes back to this page (not a question page,
 *   so it creates nothing), which then shows the plan, or the upsell for this assessment itself;
 *   someone it does not know may go to the start too.
 * - a guest this tab had signed in: its session ended with its assessment, so the start.
 * Loaded only then, so the page's first paint names its chunk alone.
 */
export function PlanSignedOut() {
  const signIn = useSignInStarter();
  const focusOnAppear = useCallback((node: HTMLElement | null) => node?.focus(), []);
  const person = readSessionValue(JOURNEY_PERSON_KEY);
  const guest = person === 'guest';
  const title = guest ? T.guestTitle : T.title;
  return (
    <section className={styles.message} aria-labelledby="plan-signed-out-title">
      <PageTitle title={title} />
      <img className={styles.messageMark} src={BRAND.logoMarkSrc} alt="" width="72" height="54" />
      <h1 id="plan-signed-out-title" ref={focusOnAppear} tabIndex={-1}>
        {title}
      </h1>
      <p>{guest ? T.guest : person === 'member' ? T.member : T.stranger}</p>
      <div className={styles.actions}>
        {!guest && (
          <Button onClick={() => signIn.start('Beginning', 'log-in', true)} busy={signIn.busy !== null}>
            {T.logIn}
          </Button>
        )}
        <Link className={buttonClassName(guest ? 'primary' : 'outline')} to={START} onClick={forgetThisTabsJourney}>
          {T.goToStart}
        </Link>
      </div>
      {signIn.failed && <p role="alert">{T.signInFailed}</p>}
    </section>
  );
}
