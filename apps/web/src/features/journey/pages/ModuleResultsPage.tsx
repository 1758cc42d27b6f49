import { lazy, Suspense, useEffect } from 'react';
import { Navigate } from '../../../lib/router';
import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { LotusPlaceholder } from '../../../components/charts/LazyEightPetalChart';
import { ShadingLegend } from '../../../components/charts/ShadingLegend';
import { useFourPetalData, useModuleResults } from '../api/queries';
import type { ModuleSummary } from '../api/types';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { NextButton } from '../components/NextButton';
import { PageIntro } from '../components/PageIntro';
import { PageLoading, PageUnavailable } from '../components/PageStatus';
import { isSignedOut, ResultsSignedOut, useNobodySignedIn } from '../components/ResultsSignedOut';
import { ResultsChart } from '../components/ResultsChart';
import { RichText } from '../components/RichText';
import { useJourneyModule } from '../hooks/useJourneyModule';
import { useOnce } from '../hooks/useOnce';
import { nextAfterModuleResults } from '../logic/navigation';
import { RESULTS_TEXT } from '../content/results';
import journey from '../Journey.module.css';

/*
 * Not in the first paint (the loading line while the results are read): the charts' code, which
 * downloads from the page's first render on, alongside the read. The four-petal chart is drawn
 * after the page's text, in a square of its size that says "Drawing your chart..." until then and
 * is measured first (FourPetalResultChart), so nothing moves. Energy's bars, whose height with their
 * legend only their code knows, come with the text: the page keeps its loading line until that
 * code is here too.
 */
const loadFourPetalChart = () => import('../components/FourPetalResultChart');
const FourPetalResultChart = lazy(async () => ({ default: (await loadFourPetalChart()).FourPetalResultChart }));
const loadEnergySummary = () => import('../components/EnergySummary');
const EnergySummary = lazy(async () => ({ default: (await loadEnergySummary()).EnergySummary }));

/** In the four-petal chart's place until it is drawn: a square of its size, saying what is coming. */
const DRAWING_CHART = (
  <LotusPlaceholder>
    <PageLoading message={RESULTS_TEXT.drawingChart} />
  </LotusPlaceholder>
);

/** Where the Professional assessment begins, for someone with no session (ResultsSignedOut). */
const PRO_START = '/Pro';

/** Loaded only for a module short of the coverage rule (a retaken assessment's page reached by Back, say). */
const ModuleNeedsAnswers = lazy(async () => ({ default: (await import('../components/NeedsAnswers')).ModuleNeedsAnswers }));

/** /Pro/:moduleName/Results (spec 01 §2 "Module results page"). */
export default function ModuleResultsPage() {
  const { modules, module } = useJourneyModule();
  if (!module) return <Navigate to="/" replace />;
  return (
    <>
      <PageTitle title={RESULTS_TEXT.moduleTitle(module.displayName)} />
      <ModuleResults key={module.moduleName} modules={modules} module={module} />
    </>
  );
}

function ModuleResults({ modules, module }: { modules: ModuleSummary[]; module: ModuleSummary }) {
  const navigate = useNavigateWhenShown();
  const { busy, once } = useOnce();
  const { user } = useCurrentUser();
  const nobody = useNobodySignedIn();
  const results = useModuleResults(module.moduleName);
  const isEnergy = module.moduleName.toLowerCase() === 'energy';
  useEffect(() => {
    if (isEnergy) {
      void loadEnergySummary();
      return;
    }
    void loadFourPetalChart();
  }, [isEnergy]);

  // With no session there are no results (the read answers anyone, without a score for nobody), and
  // asking again cannot help: the page says the session ended instead.
  if (nobody || isSignedOut(results.error)) return <ResultsSignedOut startPath={PRO_START} />;
  if (results.isPending) return <PageLoading />;
  if (results.isError) return <PageUnavailable title={RESULTS_TEXT.moduleTitle(module.displayName)} onRetry={() => void results.refetch()} />;

  const info = results.data.module;
  return (
    // Only Energy's bars wait here (the four-petal chart and the 'needs answers' part have their own places).
    <Suspense fallback={<PageLoading />}>
      <Page stack={false} className={journey.page}>
        <PageIntro title={RESULTS_TEXT.moduleTitle(info.displayName)} />
        {/* Below the coverage rule the module has no score, band text or chart (decision 0064). */}
        {results.data.score === null ? (
          <Suspense fallback={<PageLoading />}>
            <ModuleNeedsAnswers moduleName={module.moduleName} onRetry={() => void results.refetch()} />
          </Suspense>
        ) : (
          <>
            <RichText text={info.resultsText1} />
            <ResultsChart spaced>
              {isEnergy ? (
                <EnergySummary items={results.data.energyChartData} petalNames={module.petalNames} unavailable={chartUnavailable} />
              ) : (
                <>
                  <ModuleChart moduleName={module.moduleName} />
                  <ShadingLegend />
                </>
              )}
            </ResultsChart>
            <RichText text={info.resultsText2} />
          </>
        )}
        <div className={journey.actions}>
          <NextButton onClick={() => once(() => navigate(nextAfterModuleResults(modules, module.moduleName, user?.researchOptIn ?? false)))} busy={busy} />
        </div>
      </Page>
    </Suspense>
  );
}

/**
 * A chart whose read failed, in the chart's place: with no session (401: it ended after the page's
 * results were read) the sign-in block, as asking again cannot help; else Try again.
 */
const chartUnavailable = (error: unknown, onRetry: () => void) =>
  isSignedOut(error) ? <ResultsSignedOut startPath={PRO_START} part /> : <PageUnavailable onRetry={onRetry} />;

function ModuleChart({ moduleName }: { moduleName: string }) {
  const chart = useFourPetalData(moduleName);
  if (chart.isError) return chartUnavailable(chart.error, () => void chart.refetch());
  if (chart.isPending) return DRAWING_CHART;
  return (
    <Suspense fallback={DRAWING_CHART}>
      <FourPetalResultChart data={chart.data} placeholder={DRAWING_CHART} />
    </Suspense>
  );
}

