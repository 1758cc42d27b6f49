import { formatPrice } from '@bloom/domain/format';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { ApiError } from '../../../lib/api';
import { isSafeAppPath } from '../../../lib/paths';
import { getSandboxCheckout, paySandboxCheckout, type SandboxCheckout } from '../api/purchase';
import { SANDBOX_TEXT } from '../content';
import styles from './SandboxCheckoutPage.module.css';

/**
 * /Purchase/:assessmentId?session={ref} — the built-in test store (DESIGN §7). Pay marks the
 * checkout paid on the server; the success page then has the server confirm it before unlocking.
 */
export default function SandboxCheckoutPage() {
  const { assessmentId = '' } = useParams();
  const [params] = useSearchParams();
  const session = params.get('session') ?? '';
  const checkout = useQuery({
    queryKey: ['purchase', 'sandbox', session],
    queryFn: () => getSandboxCheckout(session),
    enabled: session !== '',
    retry: false,
    gcTime: 0,
  });
  const planPath = `/PositivityPlan/${encodeURIComponent(assessmentId)}`;

  let body;
  if (!session) body = <Problem text={SANDBOX_TEXT.missingSession} planPath={planPath} />;
  else if (checkout.isPending) return <LoadingScreen />;
  else if (checkout.isError) body = <Problem text={problemText(checkout.error)} planPath={planPath} onRetry={() => void checkout.refetch()} />;
  else body = <Checkout checkout={checkout.data} planPath={planPath} />;

  return (
    <Page stack={false} className={styles.page}>
      <PageTitle title={SANDBOX_TEXT.pageTitle} />
      <div className={styles.banner} role="note" aria-labelledby="test-store-title">
        <h1 id="test-store-title" className={styles.bannerTitle}>
          {SANDBOX_TEXT.bannerTitle}
        </h1>
        <p>{SANDBOX_TEXT.bannerBody}</p>
      </div>
      {body}
    </Page>
  );
}

function problemText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return SANDBOX_TEXT.notFound;
  if (error instanceof ApiError && error.status === 401) return SANDBOX_TEXT.signIn;
  return SANDBOX_TEXT.loadFailed;
}

/** Why the store refused Pay for good: the checkout takes no payment, so Pay is not offered again. */
interface Refusal {
  text: string;
  planUnlocked: boolean;
}

/**
 * 409: this checkout was closed (cancelled, or the plan is already unlocked: bought in another
 * tab or included by a coach); 403 pending_coach_approval: the results are still with the coach.
 * Pressing Pay again would be refused the same way.
 */
function refusalOf(cause: unknown): Refusal | null {
  if (!(cause instanceof ApiError)) return null;
  if (cause.status !== 409 && !(cause.status === 403 && cause.code === 'pending_coach_approval')) return null;
  return { text: cause.message, planUnlocked: cause.code === 'plan_already_unlocked' };
}

function Checkout({ checkout, planPath }: { checkout: SandboxCheckout; planPath: string }) {
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const successPath = `/purchase-success-callback?session=${encodeURIComponent(checkout.session)}`;
  const cancelPath = `/purchase-failure-callback?session=${encodeURIComponent(checkout.session)}`;

  if (checkout.status === 'cancelled') {
    return (
      <section className={styles.card} aria-labelledby="checkout-cancelled">
        <h2 id="checkout-cancelled">{SANDBOX_TEXT.cancelledTitle}</h2>
        <p>{SANDBOX_TEXT.cancelledBody}</p>
        <Link className={buttonClassName('primary')} to={planPath}>
          {SANDBOX_TEXT.backToPlan}
        </Link>
      </section>
    );
  }

  const pay = async () => {
    setPaying(true);
    setError(null);
    try {
      const { redirectUrl } = (await paySandboxCheckout(checkout.session)) ?? { redirectUrl: successPath };
      void navigate(isSafeAppPath(redirectUrl) ? redirectUrl : successPath);
    } catch (cause) {
      console.error('Sandbox payment failed', cause);
      setPaying(false);
      const refused = refusalOf(cause);
      if (refused) setRefusal(refused);
      else setError(cause instanceof ApiError ? cause.message : SANDBOX_TEXT.payFailed);
    }
  };

  const paid = checkout.status === 'paid' || checkout.status === 'fulfilled';
  const discounted = checkout.amountCents < checkout.regularPriceCents;
  return (
    <section className={styles.card} aria-labelledby="order-title">
      <p className={styles.eyebrow}>{SANDBOX_TEXT.eyebrow}</p>
      <h2 id="order-title">{SANDBOX_TEXT.orderTitle}</h2>
      <div className={styles.item}>
        <img src="/images/bloom-lotus.svg" alt="" width="64" height="48" />
        <div>
          <p className={styles.itemName}>{checkout.productName}</p>
          <p className={styles.itemDescription}>{SANDBOX_TEXT.itemDescription}</p>
        </div>
      </div>
      <dl className={styles.totals}>
        {discounted && (
          <div>
            <dt>{SANDBOX_TEXT.regularPrice}</dt>
            <dd>
              <s>{formatPrice(checkout.regularPriceCents, checkout.currency)}</s>
            </dd>
          </div>
        )}
        <div className={styles.total}>
          <dt>{SANDBOX_TEXT.total}</dt>
          <dd>{formatPrice(checkout.amountCents, checkout.currency)}</dd>
        </div>
      </dl>
      {refusal ? (
        <>
          <p className={refusal.planUnlocked ? styles.note : styles.error} role="alert">
            {refusal.text}
          </p>
          <Link className={buttonClassName(refusal.planUnlocked ? 'primary' : 'secondary', 'large')} to={planPath}>
            {refusal.planUnlocked ? SANDBOX_TEXT.toPlan : SANDBOX_TEXT.backToPlan}
          </Link>
        </>
      ) : paid ? (
        <>
          <p className={styles.note}>{SANDBOX_TEXT.alreadyPaid}</p>
          <Link className={buttonClassName('primary', 'large')} to={successPath}>
            {SANDBOX_TEXT.continue}
          </Link>
        </>
      ) : (
        <div className={styles.buttons}>
          <Button size="large" onClick={() => void pay()} busy={paying} keepFocusWhileBusy>
            {SANDBOX_TEXT.pay} {formatPrice(checkout.amountCents, checkout.currency)}
          </Button>
          <Button size="large" variant="secondary" disabled={paying} onClick={() => void navigate(cancelPath)}>
            {SANDBOX_TEXT.cancel}
          </Button>
        </div>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function Problem({ text, planPath, onRetry }: { text: string; planPath: string; onRetry?: () => void }) {
  return (
    <section className={styles.card} aria-live="polite">
      <p className={styles.problem}>{text}</p>
      <div className={styles.buttons}>
        {onRetry && <Button onClick={onRetry}>{SANDBOX_TEXT.tryAgain}</Button>}
        <Link className={buttonClassName('secondary')} to={planPath}>
          {SANDBOX_TEXT.backToPlan}
        </Link>
      </div>
    </section>
  );
}
