import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import { useSignInStarter } from '../../../hooks/useSignInStarter';
import { useSendResultsToCoach } from '../api/mutations';
import { CALL_TO_ACTION_TEXT } from '../content/callToAction';
import type { CallToAction } from '../logic/callToAction';
import { DASHBOARD_PATH, positivityPlanPath } from '../logic/navigation';
import { NextButton } from './NextButton';
import styles from './LotusCallToAction.module.css';

/** The results summary's call to action, by kind of user (spec 01 §2 "Results summary", §4). */
export function LotusCallToAction({ action }: { action: CallToAction }) {
  const navigate = useNavigateWhenShown();
  const sendToCoach = useSendResultsToCoach();
  const signIn = useSignInStarter();

  async function send(assessmentId: string) {
    if (await sendToCoach.mutateAsync(assessmentId)) await navigate(DASHBOARD_PATH);
  }

  const button = (() => {
    switch (action.kind) {
      case 'sign-in':
        // "Sign up or log in" to keep these results: most who finish as a guest have no account yet.
        return { text: CALL_TO_ACTION_TEXT.signIn, onClick: () => signIn.start('End', 'sign-up'), busy: signIn.busy !== null, disabled: false };
      case 'send-to-coach':
        return { text: CALL_TO_ACTION_TEXT.sendToCoach, onClick: () => void send(action.assessmentId), busy: sendToCoach.isPending, disabled: false };
      case 'view-plan':
        return {
          text: CALL_TO_ACTION_TEXT.viewPlan,
          onClick: () => action.assessmentId && void navigate(positivityPlanPath(action.assessmentId)),
          busy: false,
          disabled: !action.assessmentId,
        };
    }
  })();

  return (
    <section className={styles.cta} aria-labelledby="lotus-cta-title">
      <h2 id="lotus-cta-title" className={styles.title}>
        {button.text.title}
      </h2>
      <p className={styles.body}>{button.text.body}</p>
      <NextButton variant="inverse" label={button.text.button} onClick={button.onClick} busy={button.busy} disabled={button.disabled} />
    </section>
  );
}
