import { useState } from 'react';
import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import { startLogin } from '../../../lib/login';
import { useSendResultsToCoach } from '../api/mutations';
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
            Unlock Personalized Insights and Recommendations
          </h2>
          <p className="lotus-cta__body">Sign up or log in to see your free plan, built from your answers.</p>
          <NextButton label="View Plan" onClick={() => void signIn()} busy={signingIn} />
        </section>
      );
    case 'send-to-coach':
      return (
        <section className="lotus-cta" aria-labelledby="lotus-cta-title">
          <h2 id="lotus-cta-title" className="lotus-cta__title">
            Share your results with your coach
          </h2>
          <p className="lotus-cta__body">Your coach will be able to see this assessment and help you plan your next steps.</p>
          <NextButton label="Send results to my coach" onClick={() => void send(action.assessmentId)} busy={sendToCoach.isPending} />
        </section>
      );
    case 'view-plan':
      return (
        <section className="lotus-cta" aria-labelledby="lotus-cta-title">
          <h2 id="lotus-cta-title" className="lotus-cta__title">
            Your personalized positivity plan
          </h2>
          <p className="lotus-cta__body">Turn your results into practical next steps for the weeks ahead.</p>
          <NextButton
            label="View Plan"
            disabled={!action.assessmentId}
            onClick={() => action.assessmentId && void navigate(positivityPlanPath(action.assessmentId))}
          />
        </section>
      );
  }
}
