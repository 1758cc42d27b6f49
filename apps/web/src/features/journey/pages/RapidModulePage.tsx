import { Navigate } from '../../../lib/router';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useModuleQuestions } from '../api/queries';
import type { ModuleSummary } from '../api/types';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { PageIntro } from '../components/PageIntro';
import { PageLoading, PageUnavailable } from '../components/PageStatus';
import { QuestionForm } from '../components/QuestionForm';
import { SignInNeededPage } from '../components/SessionEndedLazy';
import { PAGE_TITLES } from '../content/pages';
import { SAVING_TEXT } from '../content/saving';
import { useJourneyModule } from '../hooks/useJourneyModule';
import { useFreshQuestions } from '../hooks/useFreshQuestions';
import { useJourneySession } from '../hooks/useJourneySession';
import { pageQuestions } from '../logic/answers';
import { rapidLeadIn, rapidSecondLeadIn, SECOND_LEAD_IN_AT } from '../logic/leadIns';
import { nextAfterRapidModule } from '../logic/navigation';
import journey from '../Journey.module.css';

/** /Rapid/:moduleName — one page of questions per module (spec 01 §2 "Rapid module question page"). */
export default function RapidModulePage() {
  const { modules, module } = useJourneyModule();
  if (!module) return <Navigate to="/" replace />;
  // Keyed so moving to the next module starts with that module's answers, not this one's.
  return (
    <>
      <PageTitle title={PAGE_TITLES.moduleQuestions(module.displayName)} />
      <RapidModule key={module.moduleName} modules={modules} module={module} />
    </>
  );
}

function RapidModule({ modules, module }: { modules: ModuleSummary[]; module: ModuleSummary }) {
  const { user } = useCurrentUser();
  const session = useJourneySession('Rapid');
  const query = useModuleQuestions(module.moduleName);
  const fresh = useFreshQuestions(query);
  // One Try again for all that failed: offline, the look-up and the questions fail together.
  const retry = () => {
    if (session.state === 'failed') session.retry();
    if (query.isError) void query.refetch();
  };

  // A member whose session ended signs in again, back to this page; a guest's cannot be continued.
  if (session.state === 'sign-in-needed' || session.state === 'guest-ended') return <SignInNeededPage startPath="/" kind={session.state === 'guest-ended' ? 'guest' : 'Rapid'} />;
  if (session.state === 'starting') return <PageLoading message={SAVING_TEXT.startingGuest} />;
  if (session.state === 'failed' || query.isError) return <PageUnavailable title={module.displayName} onRetry={retry} />;
  if (query.isPending || !fresh || session.state === 'checking') return <PageLoading />;

  const { module: info, wellsprings } = query.data;
  return (
    <Page stack={false} className={journey.page}>
      <PageIntro title={info.displayName} introText={info.introText} graphic={info.graphic} />
      <QuestionForm
        questions={pageQuestions(wellsprings)}
        leadIn={rapidLeadIn(module.moduleName, info.leadIn)}
        secondLeadIn={rapidSecondLeadIn(module.moduleName, info.secondLeadIn)}
        secondLeadInAt={SECOND_LEAD_IN_AT}
        nextPath={() => nextAfterRapidModule(modules, module.moduleName, user?.researchOptIn ?? false)}
        startPath="/"
      />
    </Page>
  );
}
