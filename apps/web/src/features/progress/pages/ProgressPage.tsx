import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { Page } from '../../../components/ui/Page';
import { PageTitle } from '../../../components/layout/PageTitle';
import { SignInPrompt } from '../../../components/layout/SignInPrompt';
import { SignInCheckFailed } from '../../../components/layout/SignInCheckFailedLazy';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useStartAssessment } from '../../../hooks/useStartAssessment';
import { progressQuery } from '../api/queries';
import { PROGRESS_TEXT as T } from '../content';
import styles from '../Progress.module.css';

/**
 * The trend charts and the table (their code) are not in the first paint, which shows the
 * "Loading..." line: they download from the first render on, alongside the progress read.
 */
const loadProgressView = () => import('../components/ProgressView');
const ProgressView = lazy(async () => ({ default: (await loadProgressView()).ProgressView }));

/** /Progress (issue 26, DESIGN §13): the signed-in person's own assessments over time; guests have assessments too. */
export default function ProgressPage() {
  const { user, isMember, isLoading, lookupFailed } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  // A failed lookup has not said the person is signed out: no sign-in prompt, a way to ask again.
  if (lookupFailed) return <SignInCheckFailed pageTitle={T.title} classes={styles} />;
  if (!user) return <SignInPrompt pageTitle={T.title} title={T.signedOutTitle} body={T.signedOutBody} buttonLabel={T.memberLogIn} flow="Beginning" returnHere classes={styles} />;
  return <OwnProgress isMember={isMember} />;
}

function OwnProgress({ isMember }: { isMember: boolean }) {
  const progress = useQuery(progressQuery);
  const { startRapid, pending } = useStartAssessment();
  useEffect(() => {
    void loadProgressView();
  }, []);

  const actions = (
    <nav className="bloom-actions" aria-label={T.title}>
      {isMember && (
        <Link className={buttonClassName('secondary')} to="/Dashboard">
          {T.toDashboard}
        </Link>
      )}
      <Button busy={pending === 'Rapid'} disabled={pending !== null} onClick={() => void startRapid()}>
        {progress.data?.assessments.length ? T.retakeRapid : T.startRapid}
      </Button>
    </nav>
  );

  const loading = <p role="status">{T.loading}</p>;
  return (
    <Page className={styles.page}>
      <PageTitle title={T.title} />
      <header className={styles.header}>
        <h1 className="bloom-title">{T.title}</h1>
        <p className="bloom-lead">{T.lead('self')}</p>
      </header>
      {progress.isPending && loading}
      {progress.isError && (
        <>
          {actions}
          <p className="bloom-error">{T.failed}</p>
        </>
      )}
      {progress.data && (
        <Suspense fallback={loading}>
          <ProgressView progress={progress.data} subject="self" actions={actions} />
        </Suspense>
      )}
    </Page>
  );
}
