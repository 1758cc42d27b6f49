import { Navigate } from '../../../lib/router';
import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import { useModuleDetail } from '../api/queries';
import type { ModuleSummary } from '../api/types';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { NextButton } from '../components/NextButton';
import { PageIntro } from '../components/PageIntro';
import { PageLoading, PageUnavailable } from '../components/PageStatus';
import { useJourneyModule } from '../hooks/useJourneyModule';
import { useOnce } from '../hooks/useOnce';
import { nextAfterModuleIntro } from '../logic/navigation';
import { RESULTS_TEXT } from '../content/results';
import journey from '../Journey.module.css';
import styles from './ProModuleIntroPage.module.css';

/** /Pro/:moduleName — the Professional module intro (spec 01 §2). */
export default function ProModuleIntroPage() {
  const { module } = useJourneyModule();
  if (!module) return <Navigate to="/" replace />;
  return (
    <>
      <PageTitle title={module.displayName} />
      <ModuleIntro key={module.moduleName} module={module} />
    </>
  );
}

function ModuleIntro({ module }: { module: ModuleSummary }) {
  const navigate = useNavigateWhenShown();
  const { busy, once } = useOnce();
  const query = useModuleDetail(module.moduleName);

  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageUnavailable title={module.displayName} onRetry={() => void query.refetch()} />;

  const detail = query.data;
  const petals = detail.petals.length > 0 ? detail.petals : module.petalNames.map((p) => ({ petalName: p, displayName: p, introText: '' }));
  return (
    <Page stack={false} className={journey.page}>
      <PageIntro title={detail.displayName} introText={detail.introText} graphic={detail.graphic}>
        <h2 className={styles.petalsTitle}>{RESULTS_TEXT.moduleIntroPetals(petals.length)}</h2>
        <ol className={styles.petals}>
          {petals.map((petal) => (
            <li key={petal.petalName}>{petal.displayName}</li>
          ))}
        </ol>
      </PageIntro>
      <div className={journey.actions}>
        <NextButton onClick={() => once(() => navigate(nextAfterModuleIntro(module)))} busy={busy} />
      </div>
    </Page>
  );
}
