import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { PurchaseReturnStatus } from '@bloom/contracts';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { confirmPurchase, latestAssessment } from '../api/purchase';
import { CALLBACK_TEXT } from '../content';
import styles from './PurchaseSuccessPage.module.css';

/** What the page shows once the server has answered, short of the plan itself. */
type Outcome =
  | { status: Exclude<PurchaseReturnStatus, 'unlocked'>; assessmentId: string | null; supportEmail: string | null }
  | { status: 'failed' };

/**
 * /purchase-success-callback?session={ref} (spec 02 §2): "Loading..." while the server confirms the
 * payment with the provider, then the plan of the assessment that was bought (the latest
 * assessment, as the spec says, when the server does not name one). Short of an unlocked plan the
 * page says what the server found (`status`): `processing` (Stripe sends the buyer back as soon as
 * a bank debit is submitted, days before the money arrives) says the plan unlocks when it arrives;
 * `mismatch` (money that differs from the checkout) asks the buyer to contact us; `not_paid` (the
 * address opened without paying, a checkout expired, a bank debit that failed) says the payment did
 * not go through and leads back to the plan page to try again. Each state has its own tab title,
 * and focus moves to its heading so a screen reader announces the news.
 */
export default function PurchaseSuccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = params.get('session');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    if (!session || started.current === attempt) return;
    started.current = attempt;
    (async () => {
      const result = await confirmPurchase(session);
      if (result && result.status !== 'unlocked') {
        setOutcome({ status: result.status, assessmentId: result.assessmentId, supportEmail: result.supportEmail });
        return;
      }
      const assessmentId = result?.assessmentId ?? (await latestAssessment())?.id;
      if (!assessmentId) throw new Error('No assessment to show the plan of.');
      void navigate(`/PositivityPlan/${encodeURIComponent(assessmentId)}`, { replace: true });
    })().catch((error: unknown) => {
      console.error('Purchase success callback failed', error);
      setOutcome({ status: 'failed' });
    });
  }, [session, attempt, navigate]);

  // The way to the dashboard: second to a state's own action (pay again, try again), else the main one.
  const dashboard = (
    <Link className={buttonClassName(outcome?.status === 'not_paid' || outcome?.status === 'failed' ? 'secondary' : 'primary')} to="/Dashboard">
      {CALLBACK_TEXT.toDashboard}
    </Link>
  );

  if (!session) {
    return (
      <Result role="alert" title={CALLBACK_TEXT.missingTitle} body={CALLBACK_TEXT.missingSession}>
        {dashboard}
      </Result>
    );
  }
  if (outcome === null) {
    return (
      <>
        <PageTitle title={CALLBACK_TEXT.confirmingTitle} />
        <LoadingScreen />
      </>
    );
  }
  switch (outcome.status) {
    case 'processing':
      return (
        <Result role="status" title={CALLBACK_TEXT.processingTitle} body={CALLBACK_TEXT.processingBody}>
          {dashboard}
        </Result>
      );
    case 'mismatch':
      return (
        <Result
          role="alert"
          title={CALLBACK_TEXT.mismatchTitle}
          body={outcome.supportEmail ? <MismatchContact address={outcome.supportEmail} reference={session} /> : CALLBACK_TEXT.mismatchBody}
        >
          {dashboard}
        </Result>
      );
    case 'not_paid':
      return (
        <Result role="alert" title={CALLBACK_TEXT.notPaidTitle} body={CALLBACK_TEXT.notPaidBody}>
          {outcome.assessmentId !== null && (
            <Link className={buttonClassName('primary')} to={`/PositivityPlan/${encodeURIComponent(outcome.assessmentId)}`}>
              {CALLBACK_TEXT.toPlan}
            </Link>
          )}
          {dashboard}
        </Result>
      );
    case 'failed':
      return (
        <Result role="alert" title={CALLBACK_TEXT.failedTitle} body={CALLBACK_TEXT.successFailed}>
          <Button
            onClick={() => {
              setOutcome(null);
              setAttempt((n) => n + 1);
            }}
          >
            {CALLBACK_TEXT.tryAgain}
          </Button>
          {dashboard}
        </Result>
      );
  }
}

/** One answer of the page: its tab title and heading, a line saying what happened, and the way on. */
function Result({ role, title, body, children }: { role: 'status' | 'alert'; title: string; body: ReactNode; children: ReactNode }) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the reader: move focus to the news so screen readers announce it.
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <PageTitle title={title} />
      <div role={role}>
        <h1 id={titleId} className={styles.title} ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <p>{body}</p>
      </div>
      <div className={styles.buttons}>{children}</div>
    </section>
  );
}

/** The mismatch's words with the address to write to as a mail link, and the reference to quote (the provider's checkout id). */
function MismatchContact({ address, reference }: { address: string; reference: string }) {
  const words = CALLBACK_TEXT.mismatchContact;
  const subject = words.mailSubject.replace('{reference}', reference);
  return (
    <>
      {words.before}
      <a href={`mailto:${encodeURIComponent(address).replace('%40', '@')}?subject=${encodeURIComponent(subject)}`}>{address}</a>
      {words.after.replace('{reference}', reference)}
    </>
  );
}
