import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { PageTitle } from '../../../components/layout/PageTitle';
import { SignInCheckFailed } from '../../../components/layout/SignInCheckFailedLazy';
import { buttonClassName } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { EXPORT_MY_DATA_URL } from '../api';
import { ConsentList } from '../components/ConsentList';
import { DeleteAccountButton } from '../components/DeleteAccountButton';
import { PRIVACY_TEXT as T } from '../content';
import styles from './PrivacyPage.module.css';

/**
 * /Account/Privacy: a person's rights over their data (GDPR Art. 7, 15, 17, 20) in one place:
 * download everything, withdraw permissions, delete the account. Guests have the same rights:
 * their answers are health data too.
 */
export default function PrivacyPage() {
  const { user, isLoading, lookupFailed } = useCurrentUser();
  const navigate = useNavigate();
  // Kept in the history entry, not in component state: the page re-renders (and may remount) as the signed-out app.
  const deleted = (useLocation().state as { accountDeleted?: boolean } | null)?.accountDeleted === true;
  // The button pressed to delete is gone with the account: focus goes to the heading that says so.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (deleted) heading.current?.focus();
  }, [deleted]);

  if (isLoading && !deleted) return <LoadingScreen />;
  // A failed lookup has not said nobody is signed in: offer to ask again rather than "signed out".
  if (lookupFailed && !deleted) return <SignInCheckFailed pageTitle={T.pageTitle} classes={styles} />;

  if (deleted || !user) {
    return (
      <Page as="section" className={styles.page} aria-labelledby="privacy-title">
        <PageTitle title={deleted ? T.deletedHeading : T.pageTitle} />
        <h1 id="privacy-title" className={styles.title} ref={heading} tabIndex={-1}>
          {deleted ? T.deletedHeading : T.heading}
        </h1>
        <p className={styles.lead} role={deleted ? 'status' : undefined}>
          {deleted ? T.deletedBody : T.signedOut}
        </p>
        <Link to="/" className={buttonClassName('primary')}>
          {T.backHome}
        </Link>
      </Page>
    );
  }

  return (
    <Page as="section" className={styles.page} aria-labelledby="privacy-title">
      <PageTitle title={T.pageTitle} />
      <h1 id="privacy-title" className={styles.title}>
        {T.heading}
      </h1>
      <p className={styles.lead}>{T.intro}</p>

      <section className={styles.card} aria-labelledby="privacy-download">
        <h2 id="privacy-download">{T.downloadHeading}</h2>
        <p>{T.downloadBody}</p>
        <a href={EXPORT_MY_DATA_URL} download="bloom-my-data.json" className={buttonClassName('secondary')}>
          {T.downloadLink}
        </a>
      </section>

      <section className={styles.card} aria-labelledby="privacy-consents">
        <h2 id="privacy-consents">{T.consentsHeading}</h2>
        <p>{T.consentsIntro}</p>
        <ConsentList />
      </section>

      <section className={`${styles.card} ${styles.dangerZone}`} aria-labelledby="privacy-delete">
        <h2 id="privacy-delete">{T.deleteHeading}</h2>
        <p>{T.deleteBody}</p>
        <DeleteAccountButton onDeleted={() => void navigate('/Account/Privacy', { replace: true, state: { accountDeleted: true } })} />
      </section>
    </Page>
  );
}
