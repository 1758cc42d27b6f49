import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { PageTitle } from '../../../components/layout/PageTitle';
import { SignInPrompt } from '../../../components/layout/SignInPrompt';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useLogout } from '../../../hooks/useLogout';
import { useStartAssessment } from '../../../hooks/useStartAssessment';
import { assessmentsQuery, siteLinksQuery } from '../api';
import { ChangeCoachButton } from '../components/ChangeCoachButton';
import { CoachApprovals } from '../components/CoachApprovals';
import { ExportCsvButton } from '../components/ExportCsvButton';
import { PastAssessments } from '../components/PastAssessments';
import { PreGrantRequest } from '../components/PreGrantRequest';
import { ProgressGlance } from '../components/ProgressGlance';
import { DASHBOARD_TEXT as T } from '../content';
import { dashboardButtons, fullName } from '../logic';
import styles from '../Dashboard.module.css';

/** /Dashboard — the member dashboard (spec 02 §2, §4). */
export default function DashboardPage() {
  const { user, isMember, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  if (!user || !isMember) return (
      <SignInPrompt pageTitle={T.title} title={T.signedOutTitle} body={T.signedOutBody} buttonLabel={T.memberLogIn} flow="Beginning" classes={styles} />
    );
  return <Dashboard userId={user.id} />;
}

function Dashboard({ userId }: { userId: string }) {
  const { user } = useCurrentUser();
  const assessments = useQuery(assessmentsQuery);
  const siteLinks = useQuery(siteLinksQuery);
  const { logOut, isPending: loggingOut } = useLogout();
  const { startRapid, startProfessional, pending } = useStartAssessment();
  if (!user) return null;

  const list = assessments.data ?? [];
  const show = dashboardButtons(user, list);
  const resourcesUrl = siteLinks.data?.memberResourcesUrl;

  return (
    <div className={styles.page}>
      <PageTitle title={T.title} />
      <header className={styles.header}>
        <div>
          <h1 className="bloom-title">{T.title}</h1>
          <p className={styles.lead}>{T.greeting(fullName(user.firstName, user.lastName) || null)}</p>
        </div>
      </header>

      <nav className="bloom-actions" aria-label={T.title}>
        <Button variant="secondary" busy={loggingOut} onClick={() => void logOut()}>
          {T.logOut}
        </Button>
        {resourcesUrl && (
          <a className={buttonClassName('secondary')} href={resourcesUrl} target="_blank" rel="noopener noreferrer">
            {T.memberResources}
            <span className="visually-hidden"> {T.opensInNewTab}</span>
          </a>
        )}
        {show.coachDashboard && (
          <Link className={buttonClassName('secondary')} to="/CoachDashboard">
            {T.coachDashboard}
          </Link>
        )}
        {show.changeCoach && <ChangeCoachButton userId={userId} currentCoachId={user.coachGuid} />}
        {show.retakeRapid && (
          <Button busy={pending === 'Rapid'} disabled={pending !== null} onClick={() => void startRapid()}>
            {T.retakeRapid}
          </Button>
        )}
        {show.retakeProfessional && (
          <Button busy={pending === 'Professional'} disabled={pending !== null} onClick={() => void startProfessional()}>
            {T.retakeProfessional}
          </Button>
        )}
        {show.exportCsv && <ExportCsvButton />}
        <Link className={buttonClassName('quiet')} to="/Account">
          {T.account}
        </Link>
        <Link className={buttonClassName('quiet')} to="/Account/Privacy">
          {T.privacy}
        </Link>
      </nav>

      {user.coachPending && (
        <section className={`bloom-panel ${styles.notice}`} aria-labelledby="coach-pending-title">
          <h2 id="coach-pending-title" className={styles.sectionTitle}>
            {T.coachPendingTitle}
          </h2>
          <p>{T.coachPendingBody}</p>
        </section>
      )}

      {user.coachGuid && <PreGrantRequest />}

      <section className="bloom-panel" aria-labelledby="past-assessments-title">
        <h2 id="past-assessments-title" className={styles.sectionTitle}>
          {T.pastAssessments}
        </h2>
        {assessments.isPending && <p role="status">{T.loadingAssessments}</p>}
        {assessments.isError && <p className="bloom-error">{T.assessmentsFailed}</p>}
        {assessments.data && <PastAssessments assessments={list} hasCoach={Boolean(user.coachGuid)} />}
      </section>

      {/* Below the list: it appears once GetProgress answers, and must not push the list down (Lighthouse CLS). */}
      <ProgressGlance />

      {show.coachApprovals && <CoachApprovals />}
    </div>
  );
}
