import { changeVerdict, type LatestComparison, type ProgressAssessment } from '../../lib/progress-changes';
import { CHART_MEASURES, scoreOf } from '../../lib/progress-measures';
import { TrendChart } from './TrendChart';
import styles from './TrendChart.module.css';

interface TrendChartsProps {
  /** The assessments with results, oldest first. */
  assessments: readonly ProgressAssessment[];
  /** Their labels (assessmentLabels: the time too when two share a day). */
  labels: readonly string[];
  /** The latest pair's change rows (latestComparison), null with one assessment. */
  latest: LatestComparison | null;
  /** The member dashboard's compact cards. */
  compact?: boolean;
}

/**
 * A trend chart per measure (DESIGN §13: overall, experiences, feelings and the eight petals),
 * each with its latest change, as a grid of cards: one column on a phone, more as room allows.
 * Drawn by /Progress, a coach's view of a client and the member dashboard's progress panel.
 */
export function TrendCharts({ assessments, labels, latest, compact = false }: TrendChartsProps) {
  return (
    <ul role="list" className={compact ? `${styles.grid} ${styles.compactGrid}` : styles.grid}>
      {CHART_MEASURES.map((measure) => (
        <TrendChart
          key={measure}
          measure={measure}
          values={assessments.map((a) => scoreOf(a, measure))}
          labels={labels}
          verdict={changeVerdict(latest, measure)}
          compact={compact}
        />
      ))}
    </ul>
  );
}
