import { Navigate } from 'react-router';
import { usePetalQuestions } from '../api/queries';
import type { ModuleSummary } from '../api/types';
import { PageIntro } from '../components/PageIntro';
import { PageLoading, PageUnavailable } from '../components/PageStatus';
import { QuestionForm } from '../components/QuestionForm';
import { petalEyebrow, useJourneyModule } from '../hooks/useJourneyModule';
import { pageQuestions } from '../logic/answers';
import { PETAL_LEAD_IN } from '../logic/leadIns';
import { nextAfterPetalQuestions, type PetalTracker } from '../logic/navigation';
import '../components/journey.css';

/** /Pro/:moduleName/:petalName/Questions (spec 01 §2 "Petal question page"). */
export default function PetalQuestionsPage() {
  const { module, petalName, tracker } = useJourneyModule();
  if (!module || !petalName) return <Navigate to="/" replace />;
  return <PetalQuestions key={`${module.moduleName}/${petalName}`} module={module} petalName={petalName} tracker={tracker} />;
}

function PetalQuestions({ module, petalName, tracker }: { module: ModuleSummary; petalName: string; tracker: PetalTracker | undefined }) {
  const query = usePetalQuestions(petalName);

  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageUnavailable onRetry={() => void query.refetch()} />;

  const { petal, wellsprings } = query.data;
  return (
    <div className="journey-page">
      <PageIntro eyebrow={petalEyebrow(module, tracker)} title={petal.displayName} introText={petal.introText} />
      <QuestionForm
        questions={pageQuestions(wellsprings)}
        leadIn={PETAL_LEAD_IN}
        nextPath={() => nextAfterPetalQuestions(module.moduleName, petalName)}
      />
    </div>
  );
}
