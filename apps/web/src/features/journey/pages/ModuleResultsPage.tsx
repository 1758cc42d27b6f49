import { lazy, Suspense } from 'react';
import { Navigate, useNavigate } from '../../../lib/router';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { FourPetalChart } from '../../../components/charts/FourPetalChart';
import { ShadingLegend } from '../../../components/charts/ShadingLegend';
import { useFourPetalData, useModuleResults } from '../api/queries';
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
import { nextAfterModuleResults } from '../logic/navigation';
import { RESULTS_TEXT } from '../content/results';
import journey from '../Journey.module.css';

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
        <Suspense fallback={<PageLoading />}>
          <ModuleNeedsAnswers moduleName={module.moduleName} onRetry={() => void results.refetch()} />
        </Suspense>
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
  if (chart.isError) return <PageUnavailable onRetry={() => void chart.refetch()} />;
  return <FourPetalChart data={chart.data} />;
}

