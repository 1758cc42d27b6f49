import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { Page } from '../../../components/ui/Page';
import { PageTitle } from '../../../components/layout/PageTitle';
import { SignInCheckFailed } from '../../../components/layout/SignInCheckFailedLazy';
import { buttonClassName } from '../../../components/ui/Button';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { ApiError } from '../../../lib/api';
import { clientProgressQuery } from '../api/queries';
import { PROGRESS_TEXT as T } from '../content';
import { clientName } from '../logic/clientName';
import styles from '../Progress.module.css';

/**
 * The trend charts and the table (their code) are not in the first paint, which is the loading
 * screen: they download from the first render on, alongside the client's progress read, and the
 * loading screen stays until both are here (decision 0041).
 */
const loadProgressView = () => import('../components/ProgressView');
const ProgressView = lazy(async () => ({ default: (await loadProgressView()).ProgressView }));

/**
 * /Progress/Client/{clientId} (issue 26): a coach's view of one client's progress, over the
 * assessments the client has shared with them. Anyone else's client is "not available" (404).
 */
export default function ClientProgressPage() {
  const { user, isLoading, lookupFailed } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  // A failed lookup has not said who is signed in: not "this is for coaches", a way to ask again.
  if (lookupFailed) return <SignInCheckFailed pageTitle={T.clientTitleUnnamed} classes={styles} />;
  if (!user?.userRoles.includes('Coach')) return <Message title={T.notCoachTitle} body={T.notCoachBody} to="/Coach" link={T.coachSignUp} />;
  return <ClientProgress />;
}

function ClientProgress() {
  const { clientId = '' } = useParams();
  const progress = useQuery(clientProgressQuery(clientId));
  const name = clientName(progress.data?.client);
  const title = name ? T.clientTitle(name) : T.clientTitleUnnamed;
  useEffect(() => {
    void loadProgressView();
  }, []);

  const loading = <LoadingScreen label={T.loading} />;
  if (progress.isPending) return loading;
  if (progress.error instanceof ApiError && [401, 403, 404].includes(progress.error.status)) return <Message title={T.notAvailableTitle} body={T.notAvailableBody} to="/CoachDashboard" link={T.toCoachDashboard} />;

  const actions = (
    <nav className="bloom-actions" aria-label={title}>
      <Link className={buttonClassName('secondary')} to="/CoachDashboard">
        {T.toCoachDashboard}
      </Link>
    </nav>
  );

  return (
    <Suspense fallback={loading}>
      <Page className={styles.page}>
        <PageTitle title={title} />
        <header className={styles.header}>
          <h1 className="bloom-title">{title}</h1>
          <p className="bloom-lead">{T.lead('client')}</p>
        </header>
        {progress.isError && (
          <>
            {actions}
            <p className="bloom-error">{T.failed}</p>
          </>
        )}
        {progress.data && <ProgressView progress={progress.data} subject="client" actions={actions} />}
      </Page>
    </Suspense>
  );
}

function Message({ title, body, to, link }: { title: string; body: string; to: string; link: string }) {
  return (
    <Page className={`${styles.page} ${styles.narrow}`}>
      <PageTitle title={title} />
      <section className={styles.panel}>
        <h1 className="bloom-title">{title}</h1>
        <p className="bloom-lead">{body}</p>
        <div className="bloom-actions">
          <Link className={buttonClassName('secondary')} to={to}>
            {link}
          </Link>
        </div>
      </section>
    </Page>
  );
}
