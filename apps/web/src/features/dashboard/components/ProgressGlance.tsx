import type { Progress } from '@bloom/contracts';
import { Link } from '../../../lib/router';
import { ChangeBadge } from '../../../components/progress/ChangeBadge';
import { buttonClassName } from '../../../components/ui/Button';
import { assessmentLabels } from '../../../lib/assessment-dates';
import { changeBadgeKind, latestComparison } from '../../../lib/progress-changes';
import { DASHBOARD_TEXT as T } from '../content';
import styles from '../Dashboard.module.css';

/**
 * The latest change at a glance (issue 26): overall wellbeing improved, declined or showed no
 * reliable change since the assessment before, and the way to /Progress. Hidden until there is
 * an assessment with results. The page reads the progress and hands it over (asking again here
 * would read it twice: the page's copy is stale at once, staleTime 0).
 */
export function ProgressGlance({ data }: { data: Progress }) {
  if (data.assessments.length === 0) return null;
  const latest = latestComparison(data);
  const overall = latest?.changes.get('overall');
  const badge = changeBadgeKind(overall);
  const labels = assessmentLabels(data.assessments.map((a) => a.date));

  return (
    <section className="bloom-panel" aria-labelledby="progress-glance-title">
      <h2 id="progress-glance-title" className={styles.sectionTitle}>
        {T.progressTitle}
      </h2>
      {!latest ? (
        <p>{T.progressOne}</p>
      ) : badge ? (
        <>
          <p className={styles.glance}>
            <span className={styles.glanceMeasure}>{T.progressOverall}:</span> <ChangeBadge kind={badge} /> <span>{T.progressSince(labels.at(-2) ?? '')}</span>
          </p>
          <p className="bloom-muted">{T.progressMeaning}</p>
        </>
      ) : (
        <p>{overall && overall.difference !== null ? T.progressNotJudged : T.progressNotCompared}</p>
      )}
      <div className="bloom-actions">
        <Link className={buttonClassName('secondary')} to="/Progress">
          {T.progressLink}
        </Link>
      </div>
    </section>
  );
}
