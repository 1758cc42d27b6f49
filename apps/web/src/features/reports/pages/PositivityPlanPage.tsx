import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { useParams } from '../../../lib/router';
import { loadEightPetalChart } from '../../../components/charts/LazyEightPetalChart';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { PageTitle } from '../../../components/layout/PageTitle';
import { SignInCheckFailed } from '../../../components/layout/SignInCheckFailedLazy';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { assessmentQuery, planPricingQuery, positivityPlanQuery } from '../api/queries';
import { AccessMessage } from '../components/AccessMessage';
import { ReportLoading } from '../components/ReportLoading';
import { LOADING_TEXT } from '../content/report';
import { PLAN_LOADING_MS, PLAN_LOADING_STEPS, PLAN_PAGE_TITLE } from '../content/plan-page';
import { planViewerOf } from '../logic/planViewer';
import { reportProblemOf } from '../logic/reportErrors';

/**
 * Neither the plan (its sections, charts and texts) nor the upsell is in the first paint, which is
 * the loading screen: each one's code downloads once the assessment lookup says which it will be,
 * alongside the read it waits for (the plan, the price), while the loading screen stays.
 */
const loadPlanView = () => import('../components/PlanView');
const PlanView = lazy(async () => ({ default: (await loadPlanView()).PlanView }));
const loadUpsell = () => import('../components/Upsell');
const Upsell = lazy(async () => ({ default: (await loadUpsell()).Upsell }));
/** The sign-in block for a read with no session: loaded only then, one small chunk named in the first paint. */
const PlanSignedOut = lazy(async () => ({ default: (await import('../components/PlanSignedOut')).PlanSignedOut }));

/**
 * /PositivityPlan/:assessmentId (spec 02 §2): the plan when it is unlocked, otherwise the upsell.
 * The small assessment lookup decides which, so a locked plan never shows the long loading screen.
 * The upsell is only for someone who can buy: the owner. A coach opening a client's locked plan is
 * told the client has not unlocked it; a client whose coach has not released these Professional
 * results yet is told that (the owner and the caller: GetAssessmentById and the current user).
 * With no session (the server's 401) nobody is known to own it, and the plan may be bought already
 * (the receipt's link on another device): the sign-in block, whose log-in comes back here, never
 * the upsell (decision 0069). A guest has a session, so a guest's upsell is as spec 02 §2 says.
 */
export default function PositivityPlanPage() {
  const { assessmentId = '' } = useParams();
  const { user, isMember, isLoading: userLoading, lookupFailed } = useCurrentUser();
  const assessment = useQuery(assessmentQuery(assessmentId));
  const assessmentProblem = assessment.isError ? reportProblemOf(assessment.error) : null;
  const unlocked = assessment.data?.planUnlocked === true;
  const plan = useQuery({ ...positivityPlanQuery(assessmentId), enabled: unlocked });
  const planProblem = plan.isError ? reportProblemOf(plan.error) : null;
  // No results, so no plan to sell or show (DESIGN.md §11).
  const incomplete = assessment.data?.hasResults === false || planProblem === 'incomplete';
  const viewer = assessment.data ? planViewerOf(assessment.data, user) : 'unknown';
  // Pending first, as the server checks it first: nothing to buy while the coach holds the results.
  const pending = viewer === 'pending-owner' || planProblem === 'pending-coach-approval';
  const locked = !incomplete && !pending && ((assessment.isSuccess && !unlocked) || planProblem === 'plan-locked');
  const signedOut = assessmentProblem === 'sign-in' || planProblem === 'sign-in';
  const showUpsell = !signedOut && locked && viewer !== 'coach';
  const pricing = useQuery({ ...planPricingQuery(), enabled: showUpsell });
  // The plan is a long page: it is built in a low-priority render that React splits into short
  // slices (the loading screen, its bar already full, stays until then), not in one long task.
  const planData = useDeferredValue(plan.data);
  useEffect(() => {
    if (!unlocked) return;
    void loadPlanView();
    void loadEightPetalChart();
  }, [unlocked]);
  useEffect(() => {
    if (showUpsell) void loadUpsell();
  }, [showUpsell]);

  if (assessment.isPending) return <LoadingScreen />;
  if (signedOut) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <PlanSignedOut />
      </Suspense>
    );
  }
  if (locked && userLoading) return <LoadingScreen />;
  // A locked plan, and who is asking is not known: the upsell could be offered to a coach.
  if (locked && viewer === 'unknown' && lookupFailed) return <SignInCheckFailed pageTitle={PLAN_PAGE_TITLE} />;
  if (pending) return <AccessMessage kind="pending-coach-approval" />;
  if (locked && viewer === 'coach') return <AccessMessage kind="coach-plan-locked" clientName={assessment.data?.clientName || null} />;
  if (showUpsell && pricing.isPending) return <LoadingScreen />;
  if (showUpsell) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Upsell assessmentId={assessmentId} pricing={pricing.data} isMember={isMember} />
      </Suspense>
    );
  }
  if (incomplete) return <AccessMessage kind="incomplete" />;
  if (assessmentProblem === 'not-found' || planProblem === 'not-found') return <AccessMessage kind="not-found" />;

  const failed = (assessment.isError || plan.isError) && !assessment.isFetching && !plan.isFetching;
  const loading = (
    <ReportLoading
      title={LOADING_TEXT.planTitle}
      steps={PLAN_LOADING_STEPS}
      durationMs={PLAN_LOADING_MS}
      dataArrived={plan.isSuccess}
      failed={failed}
      onRetry={() => void (assessment.isError ? assessment.refetch() : plan.refetch())}
    />
  );
  return (
    <>
      <PageTitle title={PLAN_PAGE_TITLE} />
      {/* One boundary from the start: when the plan arrives before its code, the deferred render
          that draws it waits for the code while the loading screen stays as it is. */}
      <Suspense fallback={loading}>{planData ? <PlanView plan={planData} assessmentId={assessmentId} /> : loading}</Suspense>
    </>
  );
}
