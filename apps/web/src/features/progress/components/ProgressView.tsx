import type { ReactNode } from 'react';
import { ChangeVerdict } from '../../../components/progress/ChangeVerdict';
import { TrendCharts } from '../../../components/progress/TrendCharts';
import { MEASURE_LABELS } from '../../../content/progress';
import { assessmentLabels } from '../../../lib/assessment-dates';
import { changeVerdict, latestComparison, usesProvisionalFigures, type ProgressView as ProgressData } from '../../../lib/progress-changes';
import { formatScore } from '../../../lib/progress-measures';
import { PROGRESS_TEXT as T, type Subject } from '../content';
import styles from '../Progress.module.css';
import { AssessmentTable } from './AssessmentTable';

const SUMMARY_MEASURES = ['overall', 'experiences', 'feelings'] as const;

interface ProgressViewProps {
  progress: ProgressData;
  subject: Subject;
  /** Shown under the heading: the way back, a retake button. */
  actions: ReactNode;
}

/** The body of /Progress and of a coach's view of a client: the latest change, charts, table and explanation. */
export function ProgressView({ progress, subject, actions }: ProgressViewProps) {
  const { assessments } = progress;
  const labels = assessmentLabels(assessments.map((a) => a.date));
  const latest = latestComparison(progress);
  const provisional = usesProvisionalFigures(progress);

  if (assessments.length === 0) {
    return (
      <>
        {actions}
        <section className={`${styles.panel} ${styles.emptyPanel}`} aria-labelledby="progress-empty-title">
          <h2 id="progress-empty-title" className={styles.sectionTitle}>
            {T.emptyTitle(subject)}
          </h2>
          <p>{T.emptyBody(subject)}</p>
        </section>
        <About provisional={null} />
      </>
    );
  }

  return (
    <>
      {actions}
      {latest ? (
        <section className={styles.panel} aria-labelledby="progress-latest-title">
          <h2 id="progress-latest-title" className={styles.sectionTitle}>
            {T.summaryTitle}
          </h2>
          <p className="bloom-muted">{T.summaryLead(labels.at(-2) ?? '', labels.at(-1) ?? '')}</p>
          <ul role="list" className={styles.summaryList}>
            {SUMMARY_MEASURES.map((measure) => {
              const change = latest.changes.get(measure);
              return (
                <li key={measure} className={styles.summaryRow}>
                  <span className={styles.summaryMeasure}>{MEASURE_LABELS[measure]}</span>
                  <span className={styles.summaryValues}>
                    {formatScore(change?.from)} <span aria-hidden="true">→</span>
                    <span className="visually-hidden"> to </span> {formatScore(change?.to)}
                  </span>
                  {/* A difference without an RCI (a score on only some of its questions) is "not judged". */}
                  <ChangeVerdict verdict={changeVerdict(latest, measure)} />
                </li>
              );
            })}
          </ul>
          <p className="bloom-muted">
            {T.summaryNote}
            {provisional && ` ${T.summaryProvisional}`} <a href="#progress-about-title">{T.summaryNoteLink}</a>
          </p>
        </section>
      ) : (
        <section className={styles.panel} aria-labelledby="progress-one-title">
          <h2 id="progress-one-title" className={styles.sectionTitle}>
            {T.oneTitle}
          </h2>
          <p>{T.oneBody(subject, labels[0] ?? '')}</p>
        </section>
      )}

      <section className={styles.section} aria-labelledby="progress-charts-title">
        <h2 id="progress-charts-title" className={styles.sectionTitle}>
          {subject === 'self' ? T.chartsTitle : T.clientChartsTitle}
        </h2>
        <p className="bloom-muted">{T.chartsNote}</p>
        <TrendCharts assessments={assessments} labels={labels} latest={latest} />
      </section>

      <section className={styles.panel} aria-labelledby="progress-table-title">
        <h2 id="progress-table-title" className={styles.sectionTitle}>
          {subject === 'self' ? T.tableTitle : T.clientTableTitle}
        </h2>
        <AssessmentTable assessments={assessments} />
      </section>

      <About provisional={provisional ? progress.reliability.Rapid.liveFrom : null} />
    </>
  );
}

/** What a reliable change is, in plain words, and whether the figures behind it are provisional. */
function About({ provisional }: { provisional: number | null }) {
  return (
    <section className={`${styles.panel} ${styles.about}`} aria-labelledby="progress-about-title">
      <h2 id="progress-about-title" className={styles.sectionTitle}>
        {T.aboutTitle}
      </h2>
      {T.about.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {provisional !== null && (
        <p className={styles.provisional}>
          <strong>{T.provisionalTitle}.</strong> {T.provisional(provisional)}
        </p>
      )}
    </section>
  );
}
