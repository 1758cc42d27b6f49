import { formatPrice } from '@bloom/domain/format';
import { useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { Button } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { PageTitle } from '../../../components/layout/PageTitle';
import { useSignInStarter } from '../../../hooks/useSignInStarter';
import { useFocusBack } from '../../../hooks/useFocusBack';
import { ApiError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { followRedirect } from '../../../lib/login';
import { readerTimeZone } from '../../../lib/reader-time-zone';
import type { PlanPricing } from '../api/types';
import { DEFAULT_PLAN_PRICE_CENTS, UPSELL_TEXT } from '../content/upsell';
import styles from './Upsell.module.css';

export interface UpsellProps {
  assessmentId: string;
  pricing: PlanPricing | undefined;
  /** Signed in with an account (not a guest). */
  isMember: boolean;
}

function messageOf(cause: unknown, fallback: string): string {
  return cause instanceof ApiError ? cause.message : fallback;
}

/** Spec 02 §2 "Upsell", §4: the free profile or the paid plan for this assessment. */
export function Upsell({ assessmentId, pricing, isMember }: UpsellProps) {
  const navigate = useNavigate();
  // A guest signs up first (spec 02 §4), as the only caller without an account shown the upsell (with no
  // session the page shows the sign-in block instead): the End flow comes back to the plan page of the
  // latest assessment, Purchase to the checkout of this page's assessment, merged in with its id (the
  // callback reads the page the sign-in started from, features/auth/sign-in-callback.ts).
  const signIn = useSignInStarter();
  const [checkingOut, setCheckingOut] = useState(false);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  // "Purchase My Plan" is disabled while it asks for the checkout: a failure gives it its focus back.
  const focus = useFocusBack();
  const busy = checkingOut || signIn.busy !== null;
  // Either button's failure, said under both offers: the server's message when it gave one.
  const error = checkoutError ?? (signIn.failed && messageOf(signIn.failed, UPSELL_TEXT.signInFailed));

  const viewProfile = () => {
    setCheckoutError(null);
    if (isMember) void navigate(`/BloomProfileReport/${encodeURIComponent(assessmentId)}`);
    else signIn.start('End', 'sign-up');
  };

  const purchase = () => {
    setCheckoutError(null);
    if (!isMember) return signIn.start('Purchase', 'sign-up');
    focus.remember();
    setCheckingOut(true);
    api
      .getPurchaseUrl({ assessmentId, timeZone: readerTimeZone() })
      .then(followRedirect)
      .catch((cause: unknown) => {
        console.error(UPSELL_TEXT.purchaseFailed, cause);
        setCheckingOut(false);
        setCheckoutError(messageOf(cause, UPSELL_TEXT.purchaseFailed));
        focus.giveBack();
      });
  };

  const regular = formatPrice(pricing?.priceCents ?? DEFAULT_PLAN_PRICE_CENTS);
  const promo = pricing?.promoPriceCents ?? null;

  return (
    <Page as="article" stack={false} className={styles.upsell} aria-labelledby="upsell-title">
      <PageTitle title={UPSELL_TEXT.pageTitle} />
      <header className={styles.header}>
        <h1 id="upsell-title">{UPSELL_TEXT.title}</h1>
        <p>{UPSELL_TEXT.intro}</p>
      </header>

      <div className={styles.offers}>
        <section className={styles.offer} aria-labelledby="offer-profile">
          <p className={styles.tag}>{UPSELL_TEXT.profileTag}</p>
          <h2 id="offer-profile">{UPSELL_TEXT.profileName}</h2>
          <p className={styles.price}>
            <span className={styles.amount}>{UPSELL_TEXT.profilePrice}</span>
            <span className={styles.value}>{UPSELL_TEXT.profileValue}</span>
          </p>
          <ul className={styles.features}>
            {UPSELL_TEXT.profileFeatures.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <Button variant="secondary" size="large" onClick={viewProfile} busy={signIn.busy === 'End'} disabled={busy}>
            {UPSELL_TEXT.viewProfile}
          </Button>
        </section>

        <section className={`${styles.offer} ${styles.featured}`} aria-labelledby="offer-plan">
          <p className={styles.tag}>{UPSELL_TEXT.planTag}</p>
          <h2 id="offer-plan">{UPSELL_TEXT.planName}</h2>
          <p className={styles.price}>
            {promo !== null ? (
              <>
                <s className={styles.was}>
                  <span className="visually-hidden">{UPSELL_TEXT.regularPriceLabel}</span>
                  {regular}
                </s>
                <span className={styles.amount}>
                  <span className="visually-hidden">{UPSELL_TEXT.salePriceLabel}</span>
                  {formatPrice(promo)}
                </span>
                <span className={styles.limited}>{UPSELL_TEXT.limitedTime}</span>
              </>
            ) : (
              <>
                <span className={styles.amount}>{regular}</span>
                <span className={styles.value}>{UPSELL_TEXT.oneTime}</span>
              </>
            )}
          </p>
          <ul className={styles.features}>
            {UPSELL_TEXT.planFeatures.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <Button size="large" onClick={purchase} busy={checkingOut || signIn.busy === 'Purchase'} disabled={busy}>
            {UPSELL_TEXT.purchase}
          </Button>
        </section>
      </div>

      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}

      <section className={styles.table} aria-labelledby="upsell-table-title">
        <h2 id="upsell-table-title">{UPSELL_TEXT.tableTitle}</h2>
        <picture>
          <source media="(max-width: 640px)" srcSet={UPSELL_TEXT.tableMobileSrc} width={360} height={600} />
          <img src={UPSELL_TEXT.tableDesktopSrc} alt={UPSELL_TEXT.tableAlt} width={960} height={440} loading="lazy" />
        </picture>
      </section>
    </Page>
  );
}
