import { lazy, Suspense } from 'react';
import { Navigate, useNavigate } from '../../../lib/router';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { FourPetalChart } from '../../../components/charts/FourPetalChart';
import { ShadingLegend } from '../../../components/charts/ShadingLegend';
import { useFourPetalData, useModuleResults, useResultsCoverage } from '../api/queries';
import type { ModuleSummary } from '../api/types';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { EnergySummary } from '../components/EnergySummary';
import { NextButton } from '../components/NextButton';
import { PageIntro } from '../components/PageIntro';
import { PageLoading, PageUnavailable } from '../components/PageStatus';
import { ResultsChart } from '../components/ResultsChart';
import { RichText } from '../components/RichText';
import { useJourneyModule } from '../hooks/useJourneyModule';
import { moduleShortOfRule } from '../logic/coverage';
import { nextAfterModuleResults } from '../logic/navigation';
import { COVERAGE_TEXT } from '../content/coverage';
import { RESULTS_TEXT } from '../content/results';
import journey from '../Journey.module.css';

/** Loaded only for a module short of the coverage rule (a retaken assessment's page reached by Back, say). */
const NeedsAnswers = lazy(async () => ({ default: (await import('../components/NeedsAnswers')).NeedsAnswers }));

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
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const results = useModuleResults(module.moduleName);
  const isEnergy = module.moduleName.toLowerCase() === 'energy';

  if (results.isPending) return <PageLoading />;
  if (results.isError) return <PageUnavailable title={RESULTS_TEXT.moduleTitle(module.displayName)} onRetry={() => void results.refetch()} />;

  const info = results.data.module;
  return (
    <Page stack={false} className={journey.page}>
      <PageIntro title={RESULTS_TEXT.moduleTitle(info.displayName)} />
      {/* Below the coverage rule the module has no score, band text or chart (decision 0064). */}
      {results.data.score === null ? (
        <ModuleNeedsAnswers moduleName={module.moduleName} onRetry={() => void results.refetch()} />
      ) : (
        <>
          <RichText text={info.resultsText1} />
          <ResultsChart spaced>
            {isEnergy ? (
              <EnergySummary items={results.data.energyChartData} petalNames={module.petalNames} />
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
        <NextButton onClick={() => void navigate(nextAfterModuleResults(modules, module.moduleName, user?.researchOptIn ?? false))} />
      </div>
    </Page>
  );
}

function ModuleChart({ moduleName }: { moduleName: string }) {
  const chart = useFourPetalData(moduleName);
  if (chart.isPending) return <PageLoading message={RESULTS_TEXT.drawingChart} />;
  if (chart.isError) return null;
  return <FourPetalChart data={chart.data} />;
}

/** How many of the module's questions are answered and needed, and the way back to them. */
function ModuleNeedsAnswers({ moduleName, onRetry }: { moduleName: string; onRetry: () => void }) {
  const coverage = useResultsCoverage();
  if (coverage.isPending) return <PageLoading />;
  const short = coverage.data && moduleShortOfRule(coverage.data, moduleName);
  // Covered by now (answered in another tab since): the results are read again.
  if (!short || short.needsAnswers.length === 0) {
    return (
      <PageUnavailable
        onRetry={() => {
          onRetry();
          void coverage.refetch();
        }}
      />
    );
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <NeedsAnswers coverage={short} title={COVERAGE_TEXT.resultsTitle} intro={COVERAGE_TEXT.resultsIntro} />
    </Suspense>
  );
}
