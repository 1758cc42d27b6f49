import { useQuery } from '@tanstack/react-query';
import { useParams } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { PageTitle } from '../../../components/layout/PageTitle';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { assessmentQuery, planPricingQuery, positivityPlanQuery } from '../api/queries';
import { AccessMessage } from '../components/AccessMessage';
import { PlanView } from '../components/PlanView';
import { ReportLoading } from '../components/ReportLoading';
import { Upsell } from '../components/Upsell';
import { LOADING_TEXT } from '../content/report';
import { PLAN_LOADING_MS, PLAN_LOADING_STEPS, PLAN_TEXT } from '../content/plan';
import { reportProblemOf } from '../logic/reportErrors';

/**
 * /PositivityPlan/:assessmentId (spec 02 §2): the plan when it is unlocked, otherwise the upsell.
 * The small assessment lookup decides which, so a locked plan never shows the long loading screen.
 */
export default function PositivityPlanPage() {
  const { assessmentId = '' } = useParams();
  const { isMember, isLoading: userLoading } = useCurrentUser();
  const assessment = useQuery(assessmentQuery(assessmentId));
  const assessmentProblem = assessment.isError ? reportProblemOf(assessment.error) : null;
  const unlocked = assessment.data?.planUnlocked === true;
  const plan = useQuery({ ...positivityPlanQuery(assessmentId), enabled: unlocked });
  const planProblem = plan.isError ? reportProblemOf(plan.error) : null;
  // No results, so no plan to sell or show (DESIGN.md §11).
  const incomplete = assessment.data?.hasResults === false || planProblem === 'incomplete';
  const showUpsell =
    !incomplete &&
    ((assessment.isSuccess && !unlocked) || assessmentProblem === 'sign-in' || planProblem === 'plan-locked' || planProblem === 'sign-in');
  const pricing = useQuery({ ...planPricingQuery(), enabled: showUpsell });

  if (assessment.isPending || (showUpsell && (userLoading || pricing.isPending))) return <LoadingScreen />;
  if (showUpsell) return <Upsell assessmentId={assessmentId} pricing={pricing.data} isMember={isMember} />;
  if (incomplete) return <AccessMessage kind="incomplete" />;
  if (assessmentProblem === 'not-found' || planProblem === 'not-found') return <AccessMessage kind="not-found" />;
  if (planProblem === 'pending-coach-approval') return <AccessMessage kind="pending-coach-approval" />;

  const failed = (assessment.isError || plan.isError) && !assessment.isFetching && !plan.isFetching;
  return (
    <>
      <PageTitle title={PLAN_TEXT.pageTitle} />
      {plan.data ? (
        <PlanView plan={plan.data} assessmentId={assessmentId} />
      ) : (
        <ReportLoading
          title={LOADING_TEXT.planTitle}
          steps={PLAN_LOADING_STEPS}
          durationMs={PLAN_LOADING_MS}
          dataArrived={plan.isSuccess}
          failed={failed}
          onRetry={() => void (assessment.isError ? assessment.refetch() : plan.refetch())}
        />
      )}
    </>
  );
}
