import { Link } from 'react-router';
import { useRevealedCount } from '../../../hooks/useWhenIdle';
import { Button, buttonClassName } from '../../../components/ui/Button';
import { Page } from '../../../components/ui/Page';
import type { ProfileReport } from '../api/types';
import { DIFFERENCES_TEXT, REPORT_TEXT } from '../content';
import { Closing } from './Closing';
import { DifferencesTable } from './DifferencesTable';
import { LotusOverview } from './LotusOverview';
import { ModuleResults } from './ModuleResults';
import { Opportunities } from './Opportunities';
import { ReportHero } from './ReportHero';
import { ReportSection } from './ReportSection';
import { EnergyResults, MindsetResults, ResilienceResults } from './ResultCharts';
import styles from '../Reports.module.css';

/** The free Profile Report (spec 02 §2), top to bottom. */
export function ProfileReportView({ report, assessmentId }: { report: ProfileReport; assessmentId: string }) {
  const planPath = `/PositivityPlan/${encodeURIComponent(assessmentId)}`;
  const goToPlan = (
    <Link className={buttonClassName('primary', 'large')} to={planPath}>
      {REPORT_TEXT.goToPlan}
    </Link>
  );
  const sections = [
    <ReportSection key="life-lotus" id="life-lotus" title={REPORT_TEXT.lotusTitle} intro={REPORT_TEXT.lotusIntro}>
      <LotusOverview petals={report.eightPetalData} summaryText={report.summaryText} roleText={report.roleText} />
    </ReportSection>,
    <ReportSection key="experiences" id="experiences" title={REPORT_TEXT.experiencesTitle}>
      <ModuleResults section={report.experiencesAndFeelingsResults.Experiences} summaryText={report.experiencesAndFeelingsSummaryText.Experiences} variant="report" />
    </ReportSection>,
    <ReportSection key="feelings" id="feelings" title={REPORT_TEXT.feelingsTitle}>
      <ModuleResults section={report.experiencesAndFeelingsResults.Feelings} summaryText={report.experiencesAndFeelingsSummaryText.Feelings} variant="report" />
    </ReportSection>,
    <ReportSection key="opportunities" id="opportunities" title={REPORT_TEXT.opportunitiesTitle} intro={REPORT_TEXT.opportunitiesIntro}>
      <Opportunities items={report.wellbeingOpportunities} />
    </ReportSection>,
    <ReportSection key="energy" id="energy" title={REPORT_TEXT.energyTitle} intro={REPORT_TEXT.energyIntro}>
      <EnergyResults text={report.energyAndResilienceSummaryText.Energy.text} items={report.energyChartData} />
    </ReportSection>,
    <ReportSection key="mindset" id="mindset" title={REPORT_TEXT.mindsetTitle} intro={REPORT_TEXT.mindsetIntro}>
      <MindsetResults text={report.mindsetResults.resultsText} data={report.mindsetResults.chartData} />
    </ReportSection>,
    <ReportSection key="resilience" id="resilience" title={REPORT_TEXT.resilienceTitle} intro={REPORT_TEXT.resilienceIntro}>
      <ResilienceResults text={report.resilienceResults.resultsText} data={report.resilienceResults.chartData} />
    </ReportSection>,
    <ReportSection key="individual-differences" id="individual-differences" title={DIFFERENCES_TEXT.title} intro={DIFFERENCES_TEXT.intro}>
      <DifferencesTable differences={report.individualDifferences} />
    </ReportSection>,
    <ReportSection key="outro" id="outro" title={REPORT_TEXT.closingTitle}>
      <Closing closingText={report.closingText} notice={report.notice} />
    </ReportSection>,
  ];
  // The first section is on screen with the hero; the rest follow one by one once the page is idle.
  const revealed = useRevealedCount(sections.length, 1);
  return (
    <Page as="article" stack={false} className={styles.page}>
      <ReportHero eyebrow={REPORT_TEXT.eyebrow} name={report.clientName ?? ''} date={report.assessmentDate} isNinetyItem={report.isNinetyItem}>
        {goToPlan}
        <Button variant="secondary" onClick={() => window.print()}>
          {REPORT_TEXT.print}
        </Button>
      </ReportHero>

      {sections.slice(0, revealed)}

      {revealed === sections.length && <div className={`${styles.actions} ${styles.actionsCentered} ${styles.noPrint}`}>{goToPlan}</div>}
    </Page>
  );
}
