import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { useParams } from '../../../lib/router';
import { loadEightPetalChart } from '../../../components/charts/LazyEightPetalChart';
import { PageTitle } from '../../../components/layout/PageTitle';
import { profileReportQuery } from '../api/queries';
import { AccessMessage } from '../components/AccessMessage';
import { ReportLoading } from '../components/ReportLoading';
import { LOADING_TEXT, PROFILE_LOADING_MS, PROFILE_LOADING_STEPS, REPORT_TEXT } from '../content/report';
import { reportProblemOf } from '../logic/reportErrors';

/**
 * The report itself (hero, lotus and, later, the sections under it) is not in the first paint,
 * which is the loading screen: its code downloads from the first render on, while the loading
 * screen waits for the report's data.
 */
const loadReportView = () => import('../components/ProfileReportView');
const ProfileReportView = lazy(async () => ({ default: (await loadReportView()).ProfileReportView }));

/** /BloomProfileReport/:assessmentId — the free Profile Report (spec 02 §2, §4 "Report loading"). */
export default function ProfileReportPage() {
  const { assessmentId = '' } = useParams();
  const report = useQuery(profileReportQuery(assessmentId));
  const problem = report.isError ? reportProblemOf(report.error) : null;
  // The report is a long page: it is built in a low-priority render that React splits into short
  // slices (the loading screen, its bar already full, stays until then), not in one long task.
  const data = useDeferredValue(report.data);
  useEffect(() => {
    void loadReportView();
    void loadEightPetalChart();
  }, []);

  if (problem === 'sign-in' || problem === 'pending-coach-approval' || problem === 'incomplete' || problem === 'not-found') return <AccessMessage kind={problem} />;

  const loading = (
    <ReportLoading
      title={LOADING_TEXT.profileTitle}
      steps={PROFILE_LOADING_STEPS}
      durationMs={PROFILE_LOADING_MS}
      dataArrived={report.isSuccess}
      failed={report.isError && !report.isFetching}
      onRetry={() => void report.refetch()}
    />
  );
  return (
    <>
      <PageTitle title={REPORT_TEXT.pageTitle} />
      {/* One boundary from the start: when the data arrives before the report's code, the deferred
          render that draws it waits for the code while the loading screen stays as it is. */}
      <Suspense fallback={loading}>{data ? <ProfileReportView report={data} assessmentId={assessmentId} /> : loading}</Suspense>
    </>
  );
}
