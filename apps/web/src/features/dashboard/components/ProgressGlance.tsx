import type { Progress } from '@bloom/contracts';
import { Link } from '../../../lib/router';
import { TrendCharts } from '../../../components/progress/TrendCharts';
import { buttonClassName } from '../../../components/ui/Button';
import { assessmentLabels } from '../../../lib/assessment-dates';
import { latestComparison } from '../../../lib/progress-changes';
import { PROGRESS_PANEL_TEXT as T } from '../progress-content';
import styles from '../Dashboard.module.css';

/**
 * The member's progress on the dashboard (issue 26, DESIGN §13): once there are two assessments
 * with results, a compact trend chart per measure, each with the badge of its latest change (or
 * "not judged" / "not compared", as /Progress says it); with one, a line saying another one
 * shows the change. The link leads to /Progress, with the table and the explanation. Hidden
 * until there is an assessment with results. Loaded lazily by the page, charts and all, so none
 * of it is in the dashboard's first paint (decision 0041). The page reads the progress and hands
 * it over (asking again here would read it twice: the page's copy is stale at once, staleTime 0).
 */
export function ProgressGlance({ data }: { data: Progress }) {
  if (data.assessments.length === 0) return null;
  const latest = latestComparison(data);
  const labels = assessmentLabels(data.assessments.map((a) => a.date));

  return (
    <section className="bloom-panel" aria-labelledby="progress-glance-title">
      <h2 id="progress-glance-title" className={styles.sectionTitle}>
        {T.title}
      </h2>
      {!latest ? (
        <p>{T.one}</p>
      ) : (
        <>
          <p className="bloom-muted">{T.lead(labels.at(-2) ?? '', labels.at(-1) ?? '')}</p>
          <TrendCharts compact assessments={data.assessments} labels={labels} latest={latest} />
          <p className="bloom-muted">{T.meaning}</p>
        </>
      )}
      <div className="bloom-actions">
        <Link className={buttonClassName('secondary')} to="/Progress">
          {T.link}
        </Link>
      </div>
    </section>
  );
}
