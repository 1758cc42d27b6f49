import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { confirmPurchase, latestAssessment } from '../api/purchase';
import { CALLBACK_TEXT } from '../content';
import styles from './PurchaseSuccessPage.module.css';

/**
 * /purchase-success-callback?session={ref} (spec 02 §2): "Loading..." while the server confirms the
 * payment with the provider, then the plan. The plan of the assessment that was bought; the latest
 * assessment (as the spec says) when the server does not name one. When the server has no payment
 * yet (`unlocked: false`: Stripe sends the buyer back as soon as a bank debit is submitted, days
 * before the money arrives), the page says the payment is being processed, with the way on to the
 * dashboard, rather than landing on the upsell as if nothing had been bought.
 */
export default function PurchaseSuccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = params.get('session');
  const [failed, setFailed] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    if (!session || started.current === attempt) return;
    started.current = attempt;
    (async () => {
      const result = await confirmPurchase(session);
      if (result?.unlocked === false) {
        setProcessing(true);
        return;
      }
      const assessmentId = result?.assessmentId ?? (await latestAssessment())?.id;
      if (!assessmentId) throw new Error('No assessment to show the plan of.');
      void navigate(`/PositivityPlan/${encodeURIComponent(assessmentId)}`, { replace: true });
    })().catch((error: unknown) => {
      console.error('Purchase success callback failed', error);
      setFailed(true);
    });
  }, [session, attempt, navigate]);

  if (processing) {
    return (
      <div className={styles.page} role="status">
        <h1 className={styles.title}>{CALLBACK_TEXT.processingTitle}</h1>
        <p>{CALLBACK_TEXT.processingBody}</p>
        <div className={styles.buttons}>
          <Link className={buttonClassName('primary')} to="/Dashboard">
            {CALLBACK_TEXT.toDashboard}
          </Link>
        </div>
      </div>
    );
  }
  if (session && !failed) return <LoadingScreen />;
  return (
    <div className={styles.page} role="alert">
      <p>{session ? CALLBACK_TEXT.successFailed : CALLBACK_TEXT.missingSession}</p>
      <div className={styles.buttons}>
        {session && (
          <Button
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {CALLBACK_TEXT.tryAgain}
          </Button>
        )}
        <Link className={buttonClassName('secondary')} to="/Dashboard">
          {CALLBACK_TEXT.toDashboard}
        </Link>
      </div>
    </div>
  );
}
