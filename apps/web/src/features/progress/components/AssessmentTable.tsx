import { AssessmentTypeBadge } from '../../../components/ui/AssessmentTypeBadge';
import { Table } from '../../../components/ui/Table';
import { MEASURE_LABELS } from '../../../content/progress';
import { assessmentLabels } from '../../../lib/assessment-dates';
import type { ProgressAssessment } from '../../../lib/progress-changes';
import { PROGRESS_TEXT as T } from '../content';
import { formatPercent, formatScore } from '../../../lib/progress-measures';
import styles from '../Progress.module.css';

const PETALS = ['Body', 'Mind', 'Connection', 'Purpose', 'Openness', 'Wellness', 'Significance', 'Efficacy'] as const;

/** Every assessment shown, with date and time (seconds too when two share a minute), type and scores. */
export function AssessmentTable({ assessments, timeZone }: { assessments: readonly ProgressAssessment[]; timeZone?: string }) {
  const when = assessmentLabels(
    assessments.map((a) => a.date),
    timeZone,
    'minute',
  );
  return (
    <Table label={T.tableCaption} hideCaption className={styles.table} boxClassName={styles.tableBox}>
      <thead>
        <tr>
          <th scope="col">{T.columns.when}</th>
          <th scope="col">{T.columns.type}</th>
          <th scope="col">{T.columns.overall}</th>
          <th scope="col">{T.columns.experiences}</th>
          <th scope="col">{T.columns.feelings}</th>
          {PETALS.map((petal) => (
            <th key={petal} scope="col">
              {MEASURE_LABELS[petal]}
            </th>
          ))}
          <th scope="col">{T.columns.energy}</th>
          <th scope="col">{T.columns.mindset}</th>
          <th scope="col">{T.columns.resilience}</th>
        </tr>
      </thead>
      <tbody>
        {assessments.map((assessment, index) => (
          <tr key={assessment.id}>
            <th scope="row" className={styles.whenCell}>
              <time dateTime={assessment.date}>{when[index]}</time>
            </th>
            <td>
              <AssessmentTypeBadge professional={assessment.isNinetyItem}>{assessment.isNinetyItem ? T.professional : T.rapid}</AssessmentTypeBadge>
            </td>
            <td className={styles.number}>{formatScore(assessment.scores.overall)}</td>
            <td className={styles.number}>{formatScore(assessment.scores.experiences)}</td>
            <td className={styles.number}>{formatScore(assessment.scores.feelings)}</td>
            {PETALS.map((petal) => (
              <td key={petal} className={styles.number}>
                {formatScore(assessment.scores.petals[petal])}
              </td>
            ))}
            <td className={styles.number}>{formatScore(assessment.scores.energy)}</td>
            <td className={styles.number}>{formatScore(assessment.scores.mindset)}</td>
            <td className={styles.number}>{formatPercent(assessment.scores.resilience)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
