import { Link } from '../../../lib/router';
import { lazy, Suspense } from 'react';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import type { ProfileReport } from '../api/types';
import { REPORT_TEXT } from '../content/report';
import { LotusOverview } from './LotusOverview';
import { ReportHero } from './ReportHero';
import { ReportSection } from './ReportSection';
import styles from '../Reports.module.css';

/**
 * The sections below the lotus, with their charts and texts, are not in the page's first paint:
 * their module loads once the hero and the lotus are rendered, and they are added under them.
 */
const ProfileReportLaterSections = lazy(() => import('./ProfileReportLaterSections'));

/** The free Profile Report (spec 02 §2), top to bottom. */
export function ProfileReportView({ report, assessmentId }: { report: ProfileReport; assessmentId: string }) {
  const planPath = `/PositivityPlan/${encodeURIComponent(assessmentId)}`;
  const goToPlan = (
    <Link className={buttonClassName('primary', 'large')} to={planPath}>
      {REPORT_TEXT.goToPlan}
    </Link>
  );
  return (
    <Page as="article" stack={false} className={styles.page}>
      <ReportHero eyebrow={REPORT_TEXT.eyebrow} name={report.clientName ?? ''} takenAt={report.takenAt} date={report.assessmentDate} isNinetyItem={report.isNinetyItem}>
        {goToPlan}
        <Button variant="secondary" onClick={() => window.print()}>
          {REPORT_TEXT.print}
        </Button>
      </ReportHero>

      <ReportSection id="life-lotus" title={REPORT_TEXT.lotusTitle} intro={REPORT_TEXT.lotusIntro}>
        <LotusOverview petals={report.eightPetalData} summaryText={report.summaryText} roleText={report.roleText} />
      </ReportSection>

      {/* Below the fold: nothing under it moves when it arrives. */}
      <Suspense fallback={null}>
        <ProfileReportLaterSections report={report} goToPlan={goToPlan} />
      </Suspense>
    </Page>
  );
}
