import { formatPrice } from '@bloom/domain/format';
import { useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { Button } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { PageTitle } from '../../../components/layout/PageTitle';
import { ApiError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { followRedirect, startLogin } from '../../../lib/login';
import type { PlanPricing } from '../api/types';
import { DEFAULT_PLAN_PRICE_CENTS, UPSELL_TEXT } from '../content/upsell';
import styles from './Upsell.module.css';

export interface UpsellProps {
  assessmentId: string;
  pricing: PlanPricing | undefined;
  /** Signed in with an account (not a guest). */
  isMember: boolean;
}

type Busy = 'profile' | 'purchase' | null;

/** Spec 02 §2 "Upsell", §4: the free profile or the paid plan for this assessment. */
export function Upsell({ assessmentId, pricing, isMember }: UpsellProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (which: Exclude<Busy, null>, work: () => Promise<void>, failure: string) => {
    setBusy(which);
    setError(null);
    work().catch((cause: unknown) => {
      console.error(failure, cause);
      setBusy(null);
      setError(cause instanceof ApiError ? cause.message : failure);
    });
  };

  const viewProfile = () => {
    if (isMember) void navigate(`/BloomProfileReport/${encodeURIComponent(assessmentId)}`);
    else run('profile', () => startLogin('End', 'sign-up'), UPSELL_TEXT.signInFailed);
  };

  const purchase = () => {
    if (!isMember) return run('purchase', () => startLogin('Purchase', 'sign-up'), UPSELL_TEXT.signInFailed);
    run(
      'purchase',
      async () => followRedirect(await api.getPurchaseUrl({ assessmentId })),
      UPSELL_TEXT.purchaseFailed,
    );
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
          <Button variant="secondary" size="large" onClick={viewProfile} busy={busy === 'profile'} disabled={busy !== null}>
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
          <Button size="large" onClick={purchase} busy={busy === 'purchase'} disabled={busy !== null}>
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
