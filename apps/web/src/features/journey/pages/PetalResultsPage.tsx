import { lazy, Suspense, useEffect } from 'react';
import { Navigate } from '../../../lib/router';
import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import { usePetalResults } from '../api/queries';
import type { ModuleSummary } from '../api/types';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { NextButton } from '../components/NextButton';
import { loadPetalChart, PetalResultChart } from '../components/PetalResultChart';
import { PageIntro } from '../components/PageIntro';
import { PageLoading, PageUnavailable } from '../components/PageStatus';
import { isSignedOut, ResultsSignedOut, useNobodySignedIn } from '../components/ResultsSignedOut';
import { ResultsChart, ResultsLayout } from '../components/ResultsChart';
import { RichText } from '../components/RichText';
import { petalEyebrow, useJourneyModule } from '../hooks/useJourneyModule';
import { useOnce } from '../hooks/useOnce';
import { nextAfterPetalResults, type PetalTracker } from '../logic/navigation';
import { RESULTS_TEXT } from '../content/results';
import journey from '../Journey.module.css';
import styles from './PetalResultsPage.module.css';

/** Loaded only for a petal short of the coverage rule (a retaken assessment's page reached by Back, say). */
const PetalNeedsAnswers = lazy(async () => ({ default: (await import('../components/NeedsAnswers')).PetalNeedsAnswers }));

/** /Pro/:moduleName/:petalName/Results (spec 01 §2 "Petal results page"). */
export default function PetalResultsPage() {
  const { module, petalName, tracker } = useJourneyModule();
  if (!module || !petalName) return <Navigate to="/" replace />;
  return (
    <>
      <PageTitle title={RESULTS_TEXT.petalTitle(petalName)} />
      <PetalResults key={`${module.moduleName}/${petalName}`} module={module} petalName={petalName} tracker={tracker} />
    </>
  );
}

function PetalResults({ module, petalName, tracker }: { module: ModuleSummary; petalName: string; tracker: PetalTracker | undefined }) {
  const navigate = useNavigateWhenShown();
  const { busy, once } = useOnce();
  const nobody = useNobodySignedIn();
  const query = usePetalResults(petalName);
  // The chart's code is not in the first paint: it downloads from here on, alongside the read.
  useEffect(() => {
    loadPetalChart(module.moduleName);
  }, [module.moduleName]);

  // With no session there are no results (the read answers anyone, without a score for nobody), and
  // asking again cannot help: the page says the session ended instead.
  if (nobody || isSignedOut(query.error)) return <ResultsSignedOut startPath="/Pro" />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageUnavailable title={RESULTS_TEXT.petalTitle(petalName)} onRetry={() => void query.refetch()} />;

  const { petal } = query.data;
  return (
    // Only an energy petal's bars wait here (a shaded petal has its own place, as has the 'needs answers' part).
    <Suspense fallback={<PageLoading />}>
      <Page stack={false} className={journey.page}>
        <PageIntro eyebrow={petalEyebrow(module, tracker)} title={RESULTS_TEXT.petalTitle(petal.displayName)} />
        {/* Below the coverage rule the petal has no score, band text or chart (decision 0064). */}
        {petal.score === null ? (
          <Suspense fallback={<PageLoading />}>
            <PetalNeedsAnswers results={query.data} moduleName={module.moduleName} petalName={petalName} />
          </Suspense>
        ) : (
          <ResultsLayout kind="petal">
            <ResultsChart>
              <PetalResultChart results={query.data} />
            </ResultsChart>
            <div className={styles.text}>
              <RichText text={petal.resultText} />
              <RichText text={petal.contributorText} className={styles.contributor} />
            </div>
          </ResultsLayout>
        )}
        <div className={journey.actions}>
          <NextButton onClick={() => once(() => navigate(nextAfterPetalResults(module, petalName)))} busy={busy} />
        </div>
      </Page>
    </Suspense>
  );
}
