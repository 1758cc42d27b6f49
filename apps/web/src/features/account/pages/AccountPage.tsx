import { lazy, Suspense, useEffect } from 'react';
import { Link } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { PageTitle } from '../../../components/layout/PageTitle';
import { SignInCheckFailed } from '../../../components/layout/SignInCheckFailedLazy';
import { SignInPrompt } from '../../../components/layout/SignInPrompt';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useAccount } from '../api';
import { EmailSection } from '../components/EmailSection';
import { PasswordForm } from '../components/PasswordForm';
import { ACCOUNT_TEXT as T } from '../content';
import styles from './AccountPage.module.css';

/**
 * "Signed-in browsers" sits below the address and password: its form's code is not in the first
 * paint, and downloads from the page's first render on, alongside the account read.
 */
const loadOtherSessionsForm = () => import('../components/OtherSessionsForm');
const OtherSessionsForm = lazy(async () => ({ default: (await loadOtherSessionsForm()).OtherSessionsForm }));

/**
 * /Account: the e-mail address and password a member logs in with (issue 25 §3). With Bloom's own
 * sign-in both can be changed here; with an external provider the page says they are changed there.
 * Either way the person can sign out every other browser (decision 0085).
 */
export default function AccountPage() {
  const { user, isMember, isLoading, lookupFailed } = useCurrentUser();
  const account = useAccount(isMember);
  useEffect(() => {
    if (isMember) void loadOtherSessionsForm();
  }, [isMember]);
  if (isLoading) return <LoadingScreen />;
  // A failed lookup has not said the person is signed out: no sign-in prompt, a way to ask again.
  if (lookupFailed) return <SignInCheckFailed pageTitle={T.pageTitle} classes={styles} />;
  if (!user || !isMember) {
    return <SignInPrompt pageTitle={T.pageTitle} title={T.signedOutTitle} body={T.signedOutBody} buttonLabel={T.logIn} flow="Beginning" returnHere classes={styles} />;
  }

  return (
    <Page as="section" className={styles.page} aria-labelledby="account-title">
      <PageTitle title={T.pageTitle} />
      <h1 id="account-title" className={styles.title}>
        {T.heading}
      </h1>
      <p className={styles.lead}>{T.intro}</p>

      {account.isPending && <p role="status">{T.loading}</p>}
      {account.isError && (
        <div className={styles.panel}>
          <p className="bloom-error" role="alert">
            {T.loadFailed}
          </p>
          <div className="bloom-actions">
            <Button variant="secondary" onClick={() => void account.refetch()}>
              {T.retry}
            </Button>
          </div>
        </div>
      )}

      {account.data?.managedBy === 'provider' && (
        <section className={styles.panel} aria-labelledby="account-managed">
          <h2 id="account-managed">{T.managedHeading}</h2>
          {account.data.email && <p className={styles.addressText}>{account.data.email}</p>}
          <p>{T.managedBody}</p>
        </section>
      )}

      {account.data?.managedBy === 'bloom' && (
        <>
          <section className={styles.panel} aria-labelledby="account-email">
            <h2 id="account-email">{T.emailHeading}</h2>
            <EmailSection account={account.data} />
          </section>
          <section className={styles.panel} aria-labelledby="account-password">
            <h2 id="account-password">{T.passwordHeading}</h2>
            <p className="bloom-muted">{T.passwordIntro}</p>
            <PasswordForm email={account.data.email} />
          </section>
        </>
      )}

      {account.data && (
        <section className={styles.panel} aria-labelledby="account-sessions">
          <h2 id="account-sessions">{T.sessionsHeading}</h2>
          <p className="bloom-muted">{T.sessionsIntro}</p>
          {account.data.managedBy === 'provider' && <p className="bloom-muted">{T.sessionsProviderNote}</p>}
          <Suspense fallback={<p role="status">{T.sessionsLoading}</p>}>
            <OtherSessionsForm askPassword={account.data.managedBy === 'bloom'} email={account.data.email} />
          </Suspense>
        </section>
      )}

      <nav className="bloom-actions" aria-label={T.pageTitle}>
        <Link className={buttonClassName('secondary')} to="/Dashboard">
          {T.backToDashboard}
        </Link>
        <Link className={buttonClassName('quiet')} to="/Account/Privacy">
          {T.privacy}
        </Link>
      </nav>
    </Page>
  );
}
