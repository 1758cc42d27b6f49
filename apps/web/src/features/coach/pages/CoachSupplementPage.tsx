import { useQueries } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { Page } from '../../../components/ui/Page';
import { PageTitle } from '../../../components/layout/PageTitle';
import { buttonClassName } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api';
import { supplementQueries } from '../api';
import { SUPPLEMENT_TEXT as T } from '../supplement-content';
import styles from '../Coach.module.css';

/**
 * The sections (their tables, the energy chart) are not in the first paint, which is
 * "Loading report...": their code downloads from the first render on, alongside the six reads,
 * and that screen stays until both are here (decision 0041).
 */
const loadSections = () => import('../components/SupplementSections');
const SupplementSections = lazy(loadSections);

/**
 * /CoachSupplement/{assessmentId} (spec 02 §2 "Coach Supplement Report"): client info, life
 * situations, score tables, energy range and item lists. "Loading report..." until every
 * part has answered; a part that fails says so without hiding the others.
 */
export default function CoachSupplementPage() {
  const { assessmentId = '' } = useParams();
  const [assessment, lifeData, scores, energy, overview, comprehensive] = useQueries({
    queries: [
      supplementQueries.assessment(assessmentId),
      supplementQueries.lifeData(assessmentId),
      supplementQueries.scores(assessmentId),
      supplementQueries.energy(assessmentId),
      supplementQueries.overview(assessmentId),
      supplementQueries.comprehensive(assessmentId),
    ],
  });
  const all = [assessment, lifeData, scores, energy, overview, comprehensive];
  useEffect(() => {
    void loadSections();
  }, []);

  const loading = <LoadingScreen label={T.loading} />;
  if (all.some((query) => query.isPending)) return loading;

  const refused = [assessment, overview].some((query) => query.error instanceof ApiError && [401, 403, 404].includes(query.error.status));
  // Too few answers for results (409 incomplete_assessment): no section has anything true to show, and
  // the server's message says which module needs answers.
  const incomplete = overview.error instanceof ApiError && overview.error.code === 'incomplete_assessment' ? overview.error : null;
  if (refused || incomplete || !assessment.data) {
    return (
      <Page className={`${styles.page} ${styles.narrow}`}>
        <PageTitle title={T.title} />
        <section className={styles.panel}>
          <h1 className="bloom-title">{T.title}</h1>
          <p className="bloom-lead">{refused ? T.notAvailable : incomplete ? incomplete.message : T.sectionFailed}</p>
          <div className={styles.actions}>
            <Link className={buttonClassName('secondary')} to="/CoachDashboard">
              {T.back}
            </Link>
          </div>
        </section>
      </Page>
    );
  }

  return (
    <Suspense fallback={loading}>
      <Page className={styles.page}>
        <PageTitle title={`${T.title}: ${assessment.data.clientName ?? ''}`} />
        <header className={styles.reportHeader}>
          <div>
            <h1 className="bloom-title">{T.title}</h1>
            <p className="bloom-lead">{assessment.data.clientName}</p>
          </div>
          <Link className={buttonClassName('secondary', 'small')} to="/CoachDashboard">
            {T.back}
          </Link>
        </header>
        <SupplementSections assessment={assessment.data} lifeData={lifeData.data} scores={scores.data} energy={energy.data} overview={overview.data} comprehensive={comprehensive.data} />
      </Page>
    </Suspense>
  );
}
