import type { ReactNode } from 'react';
import { useRevealedCount } from '../../../hooks/useWhenIdle';
import type { ProfileReport } from '../api/types';
import { DIFFERENCES_TEXT } from '../content/differences';
import { REPORT_TEXT } from '../content/report';
import { Closing } from './Closing';
import { DifferencesTable } from './DifferencesTable';
import { ModuleResults } from './ModuleResults';
import { Opportunities } from './Opportunities';
import { ReportSection } from './ReportSection';
import { EnergyResults, MindsetResults, ResilienceResults } from './ResultCharts';
import styles from '../Reports.module.css';

/**
 * The Profile Report's sections after the Life Lotus (spec 02 §2), top to bottom, and the last
 * "Go to Positivity Plan". They are below the fold: ProfileReportView loads this module (with the
 * four-petal, single-petal and bar charts) after the hero and the lotus are on screen, and the
 * sections then appear one by one as the browser is idle.
 */
export default function ProfileReportLaterSections({ report, goToPlan }: { report: ProfileReport; goToPlan: ReactNode }) {
  const sections = [
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
  const revealed = useRevealedCount(sections.length, 0);
  return (
    <>
      {sections.slice(0, revealed)}
      {revealed === sections.length && <div className={`${styles.actions} ${styles.actionsCentered} ${styles.noPrint}`}>{goToPlan}</div>}
    </>
  );
}
