import { Navigate } from '../../../lib/router';
import { usePetalQuestions } from '../api/queries';
import type { ModuleSummary } from '../api/types';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { PageIntro } from '../components/PageIntro';
import { PageLoading, PageUnavailable } from '../components/PageStatus';
import { QuestionForm } from '../components/QuestionForm';
import { SignInNeededPage } from '../components/SessionEndedLazy';
import { petalEyebrow, useJourneyModule } from '../hooks/useJourneyModule';
import { useFreshQuestions } from '../hooks/useFreshQuestions';
import { useJourneySession } from '../hooks/useJourneySession';
import { pageQuestions } from '../logic/answers';
import { LEAD_IN_TEXT } from '../content/leadIns';
import { PAGE_TITLES } from '../content/pages';
import { nextAfterPetalQuestions, type PetalTracker } from '../logic/navigation';
import journey from '../Journey.module.css';

/** The Professional welcome page, where its sign-in starts (spec 01 §1). */
const PRO_START_PATH = '/Pro';

/** /Pro/:moduleName/:petalName/Questions (spec 01 §2 "Petal question page"). */
export default function PetalQuestionsPage() {
  const { module, petalName, tracker } = useJourneyModule();
  if (!module || !petalName) return <Navigate to="/" replace />;
  return (
    <>
      <PageTitle title={PAGE_TITLES.petalQuestions(petalName, module.displayName)} />
      <PetalQuestions key={`${module.moduleName}/${petalName}`} module={module} petalName={petalName} tracker={tracker} />
    </>
  );
}

function PetalQuestions({ module, petalName, tracker }: { module: ModuleSummary; petalName: string; tracker: PetalTracker | undefined }) {
  const session = useJourneySession('Professional');
  const query = usePetalQuestions(petalName);
  const fresh = useFreshQuestions(query);
  // One Try again for all that failed: offline, the look-up and the questions fail together.
  const retry = () => {
    if (session.state === 'failed') session.retry();
    if (query.isError) void query.refetch();
  };

  // Drawn only when nobody is signed in: out of the page's first paint (components/SessionEndedLazy).
  if (session.state === 'sign-in-needed') return <SignInNeededPage startPath={PRO_START_PATH} kind="Professional" />;
  if (session.state === 'failed' || query.isError) return <PageUnavailable title={petalName} onRetry={retry} />;
  if (query.isPending || !fresh || session.state === 'checking') return <PageLoading />;

  const { petal, wellsprings } = query.data;
  return (
    <Page stack={false} className={journey.page}>
      <PageIntro eyebrow={petalEyebrow(module, tracker)} title={petal.displayName} introText={petal.introText} />
      <QuestionForm
        questions={pageQuestions(wellsprings)}
        leadIn={LEAD_IN_TEXT.petal}
        nextPath={() => nextAfterPetalQuestions(module.moduleName, petalName)}
        startPath={PRO_START_PATH}
      />
    </Page>
  );
}
