import { useState } from 'react';
import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import { startLogin } from '../../../lib/login';
import { useSendResultsToCoach } from '../api/mutations';
import { CALL_TO_ACTION_TEXT } from '../content/call-to-action';
import type { CallToAction } from '../logic/callToAction';
import { DASHBOARD_PATH, positivityPlanPath } from '../logic/navigation';
import { NextButton } from './NextButton';

/** The results summary's call to action, by kind of user (spec 01 §2 "Results summary", §4). */
export function LotusCallToAction({ action }: { action: CallToAction }) {
  const navigate = useNavigateWhenShown();
  const sendToCoach = useSendResultsToCoach();
  const [signingIn, setSigningIn] = useState(false);

  async function signIn() {
    setSigningIn(true);
    try {
      await startLogin('End');
    } catch (error) {
      console.error('Could not start sign-in', error);
      setSigningIn(false);
    }
  }

  async function send(assessmentId: string) {
    if (await sendToCoach.mutateAsync(assessmentId)) await navigate(DASHBOARD_PATH);
  }

  switch (action.kind) {
    case 'sign-in':
      return (
        <section className="lotus-cta" aria-labelledby="lotus-cta-title">
          <h2 id="lotus-cta-title" className="lotus-cta__title">
            {CALL_TO_ACTION_TEXT.signIn.title}
          </h2>
          <p className="lotus-cta__body">{CALL_TO_ACTION_TEXT.signIn.body}</p>
          <NextButton label={CALL_TO_ACTION_TEXT.signIn.button} onClick={() => void signIn()} busy={signingIn} />
        </section>
      );
    case 'send-to-coach':
      return (
        <section className="lotus-cta" aria-labelledby="lotus-cta-title">
          <h2 id="lotus-cta-title" className="lotus-cta__title">
            {CALL_TO_ACTION_TEXT.sendToCoach.title}
          </h2>
          <p className="lotus-cta__body">{CALL_TO_ACTION_TEXT.sendToCoach.body}</p>
          <NextButton label={CALL_TO_ACTION_TEXT.sendToCoach.button} onClick={() => void send(action.assessmentId)} busy={sendToCoach.isPending} />
        </section>
      );
    case 'view-plan':
      return (
        <section className="lotus-cta" aria-labelledby="lotus-cta-title">
          <h2 id="lotus-cta-title" className="lotus-cta__title">
            {CALL_TO_ACTION_TEXT.viewPlan.title}
          </h2>
          <p className="lotus-cta__body">{CALL_TO_ACTION_TEXT.viewPlan.body}</p>
          <NextButton
            label={CALL_TO_ACTION_TEXT.viewPlan.button}
            disabled={!action.assessmentId}
            onClick={() => action.assessmentId && void navigate(positivityPlanPath(action.assessmentId))}
          />
        </section>
      );
  }
}
