import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { PageTitle } from '../../../components/layout/PageTitle';
import { SignInCheckFailed } from '../../../components/layout/SignInCheckFailedLazy';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useLogout } from '../../../hooks/useLogout';
import { useStartAssessment } from '../../../hooks/useStartAssessment';
import { assessmentsQuery, preGrantRequestQuery, progressQuery, siteLinksQuery } from '../api';
import { ChangeCoachButton } from '../components/ChangeCoachButton';
import { DASHBOARD_TEXT as T } from '../content';
import { dashboardButtons, fullName, isReturningMember } from '../logic/dashboard';
import styles from '../Dashboard.module.css';

/*
 * What is drawn from data that arrives after the first paint (the list of past assessments, the
 * progress at a glance) and the administrators' coach approvals and export are not in the first paint: the
 * first two download from the first render on, alongside their reads.
 */
const loadPastAssessments = () => import('../components/PastAssessments');
const PastAssessments = lazy(async () => ({ default: (await loadPastAssessments()).PastAssessments }));
const loadProgressGlance = () => import('../components/ProgressGlance');
const ProgressGlance = lazy(async () => ({ default: (await loadProgressGlance()).ProgressGlance }));
const CoachApprovals = lazy(async () => ({ default: (await import('../components/CoachApprovals')).CoachApprovals }));
/** Only for a client whose coach asked to see every assessment: its read starts with the page, its code on drawing. */
const PreGrantRequest = lazy(async () => ({ default: (await import('../components/PreGrantRequest')).PreGrantRequest }));
/** Administrators' only: not in a member's first paint. */
const ExportCsvButton = lazy(async () => ({ default: (await import('../components/ExportCsvButton')).ExportCsvButton }));
/** Drawn only for someone signed out, once the current-user read has said so: not in a member's first paint. */
const SignInPrompt = lazy(async () => ({ default: (await import('../../../components/layout/SignInPrompt')).SignInPrompt }));

/** /Dashboard — the member dashboard (spec 02 §2, §4). */
export default function DashboardPage() {
  const { user, isMember, isLoading, lookupFailed } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  // A failed lookup has not said the person is signed out: no sign-in prompt, a way to ask again.
  if (lookupFailed) return <SignInCheckFailed pageTitle={T.title} classes={styles} />;
  if (!user || !isMember) return (
      <Suspense fallback={<LoadingScreen />}>
        <SignInPrompt pageTitle={T.title} title={T.signedOutTitle} body={T.signedOutBody} buttonLabel={T.memberLogIn} flow="Beginning" classes={styles} />
      </Suspense>
    );
  return <Dashboard userId={user.id} />;
}

function Dashboard({ userId }: { userId: string }) {
  const { user } = useCurrentUser();
  const assessments = useQuery(assessmentsQuery);
  const siteLinks = useQuery(siteLinksQuery);
  // Asked for here, not by ProgressGlance, so the read does not wait for that component's code.
  const progress = useQuery(progressQuery);
  // PreGrantRequest's own read, asked here too so the page knows when it has answered.
  const preGrantRequest = useQuery({ ...preGrantRequestQuery, enabled: Boolean(user?.coachGuid) });
  useEffect(() => {
    void loadPastAssessments();
    void loadProgressGlance();
  }, []);
  const { logOut, isPending: loggingOut, isError: logOutFailed } = useLogout();
  const { startRapid, startProfessional, pending } = useStartAssessment();
  // What the coach dialog did, said in a status line; after "No Coach" the button and its dialog go
  // with the coach, so the line takes focus once they are gone (after Radix's own focus return).
  const [coachNews, setCoachNews] = useState('');
  const coachNewsLine = useRef<HTMLParagraphElement>(null);
  const focusCoachNews = useRef(false);
  const hasCoach = Boolean(user?.coachGuid);
  useEffect(() => {
    if (hasCoach || !focusCoachNews.current) return;
    focusCoachNews.current = false;
    const timer = setTimeout(() => coachNewsLine.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [hasCoach]);
  if (!user) return null;

  const list = assessments.data ?? [];
  const show = dashboardButtons(user, list);
  const resourcesUrl = siteLinks.data?.memberResourcesUrl;
  const loadingAssessments = <p role="status">{T.loadingAssessments}</p>;
  // The actions and panels above the list depend on these reads (the retake buttons, the
  // resources link, the coach's request): drawn before they answer, each one arriving would push
  // the list down (Lighthouse CLS). Until then the page is its header and one loading line.
  const waiting = assessments.isPending || siteLinks.isPending || (Boolean(user.coachGuid) && preGrantRequest.isPending);

  return (
    <div className={styles.page}>
      <PageTitle title={T.title} />
      <header className={styles.header}>
        <div>
          <h1 className="bloom-title">{T.title}</h1>
          {/* Until the list answers, whether to welcome the member "back" is not known: the line keeps its place, empty. */}
          <p className={styles.lead}>{assessments.isPending ? '\u00a0' : T.greeting(fullName(user.firstName, user.lastName) || null, isReturningMember(list))}</p>
        </div>
      </header>

      {waiting ? (
        loadingAssessments
      ) : (
        <>
          <nav className="bloom-actions" aria-label={T.title}>
            <Button variant="secondary" busy={loggingOut} keepFocusWhileBusy onClick={() => void logOut()}>
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
            {show.changeCoach && (
              <ChangeCoachButton
                userId={userId}
                currentCoachId={user.coachGuid}
                onChanged={(removed) => {
                  focusCoachNews.current = removed;
                  setCoachNews(removed ? T.coachRemoved : T.coachSaved);
                }}
              />
            )}
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
            {show.exportCsv && (
              <Suspense fallback={null}>
                <ExportCsvButton />
              </Suspense>
            )}
            <div className={styles.accountLinks}>
              <Link className={buttonClassName('quiet')} to="/Account">
                {T.account}
              </Link>
              <Link className={buttonClassName('quiet')} to="/Account/Privacy">
                {T.privacy}
              </Link>
            </div>
          </nav>
          {/* Still logged in: said at once, beside the button, which keeps its focus to try again. */}
          {logOutFailed && (
            <p className="bloom-error" role="alert">
              {T.logOutFailed}
            </p>
          )}
          <p ref={coachNewsLine} tabIndex={-1} role="status" className={coachNews ? undefined : 'visually-hidden'}>
            {coachNews}
          </p>

          {user.coachPending && (
            <section className={`bloom-panel ${styles.notice}`} aria-labelledby="coach-pending-title">
              <h2 id="coach-pending-title" className={styles.sectionTitle}>
                {T.coachPendingTitle}
              </h2>
              <p>{T.coachPendingBody}</p>
            </section>
          )}

          {user.coachGuid && (
            <Suspense fallback={null}>
              <PreGrantRequest />
            </Suspense>
          )}

          <section className="bloom-panel" aria-labelledby="past-assessments-title">
            <h2 id="past-assessments-title" className={styles.sectionTitle}>
              {T.pastAssessments}
            </h2>
            {assessments.isError && <p className="bloom-error">{T.assessmentsFailed}</p>}
            {assessments.data && (
              <Suspense fallback={loadingAssessments}>
                <PastAssessments assessments={list} hasCoach={Boolean(user.coachGuid)} />
              </Suspense>
            )}
          </section>

          {/* Below the list: it appears once GetProgress answers, and must not push the list down (Lighthouse CLS). */}
          {/* Not after a failed read: its data would be the change before the latest assessment. */}
          {progress.data && !progress.isError && progress.data.assessments.length > 0 && (
            <Suspense fallback={null}>
              <ProgressGlance data={progress.data} />
            </Suspense>
          )}

          {show.coachApprovals && (
            <Suspense fallback={null}>
              <CoachApprovals />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
