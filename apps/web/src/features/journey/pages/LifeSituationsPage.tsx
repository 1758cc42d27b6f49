import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useSaveLifeData } from '../api/mutations';
import type { LifeData, PreviousLifeData } from '@bloom/contracts';
import { latestAssessmentQuery, useLifeSituationsForm, usePreviousLifeData } from '../api/queries';
import type { LifeQuestion } from '../api/types';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { formatAssessmentDate } from '../../../lib/assessment-dates';
import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import { LifeQuestionField } from '../components/LifeQuestionField';
import { NextButton } from '../components/NextButton';
import { PageIntro } from '../components/PageIntro';
import { PageLoading, PageUnavailable } from '../components/PageStatus';
import { useOnce } from '../hooks/useOnce';
import { LIFE_SITUATIONS_TEXT } from '../content/lifeSituations';
import { buildLifeData, isLifeFormComplete, lifeAnswersFrom, skipAllLifeData, type LifeAnswers } from '../logic/lifeData';
import { nextAfterLifeSituations, nextAfterSkipAll } from '../logic/navigation';
import journey from '../Journey.module.css';
import styles from './LifeSituationsPage.module.css';

/** Said only when the server keeps the life situations as they are (the plan was bought): out of the page's first paint. */
const AnswersKept = lazy(async () => ({ default: (await import('../components/AnswersKept')).AnswersKept }));

/** /LifeSituations — seven questions, Skip All and Next (spec 01 §2, §4, §5). */
export default function LifeSituationsPage() {
  const form = useLifeSituationsForm();
  const previous = usePreviousLifeData();
  const title = form.data?.title ?? LIFE_SITUATIONS_TEXT.defaultTitle;
  return (
    <>
      <PageTitle title={title} />
      {form.isPending || previous.isPending ? (
        <PageLoading />
      ) : form.isError ? (
        <PageUnavailable title={title} onRetry={() => void form.refetch()} />
      ) : (
        <LifeSituationsForm
          title={title}
          introText={form.data.introText ?? LIFE_SITUATIONS_TEXT.defaultIntro}
          questions={form.data.questions}
          previous={previous.data ?? { lifeData: null, savedAt: null }}
        />
      )}
    </>
  );
}

interface LifeSituationsFormProps {
  title: string;
  introText: string;
  questions: LifeQuestion[];
  /** A returning person's last answers, which fill the form in. */
  previous: PreviousLifeData;
}

function LifeSituationsForm({ title, introText, questions, previous }: LifeSituationsFormProps) {
  const navigate = useNavigateWhenShown();
  // Next and Skip All share one guard: whichever is pressed first saves once and moves once.
  const { once } = useOnce();
  const queryClient = useQueryClient();
  const save = useSaveLifeData();
  const [opened] = useState<LifeAnswers>(() => (previous.lifeData ? lifeAnswersFrom(questions, previous.lifeData) : {}));
  const [answers, setAnswers] = useState<LifeAnswers>(opened);
  const [pending, setPending] = useState<'next' | 'skip' | null>(null);
  // The assessment's plan was bought, so the server keeps its life situations as they are
  // (decision 0074): the form stops, and says why and how to answer again, instead of moving on.
  const [locked, setLocked] = useState(false);
  const hintId = useId();
  const complete = isLifeFormComplete(questions, answers);

  /** False when the server refused them: the page stays, and says why. */
  async function saveLifeData(data: LifeData): Promise<boolean> {
    if ((await save.mutateAsync(data)) !== 'locked') return true;
    // Nothing was stored: the fields show what the page opened with, not the change refused.
    setAnswers(opened);
    setLocked(true);
    setPending(null);
    return false;
  }

  async function next() {
    setPending('next');
    if (!(await saveLifeData(buildLifeData(questions, answers)))) return;
    // The Professional (ninety-item) track sees its benchmark comparison next.
    const latest = await queryClient.fetchQuery(latestAssessmentQuery()).catch(() => null);
    await navigate(nextAfterLifeSituations(latest?.isNinetyItem ?? false));
  }

  async function skipAll() {
    setPending('skip');
    if (!(await saveLifeData(skipAllLifeData()))) return;
    await navigate(nextAfterSkipAll());
  }

  return (
    <Page stack={false} className={`${journey.page} ${journey.narrow}`}>
      <PageIntro title={title} introText={introText} />
      {previous.lifeData && previous.savedAt && <p className={styles.prefilled}>{LIFE_SITUATIONS_TEXT.prefilled(formatAssessmentDate(previous.savedAt))}</p>}
      <form className={`${journey.form} ${styles.questions}`} onSubmit={(event) => event.preventDefault()} noValidate>
        {/* No box of its own (the form lays the questions out): only there to stop them once they are kept. */}
        <fieldset className={styles.fields} role="presentation" disabled={locked}>
          {questions.map((question) => (
            <LifeQuestionField
              key={question.field}
              question={question}
              answer={answers[question.field]}
              onChange={(answer) => setAnswers((current) => ({ ...current, [question.field]: answer }))}
            />
          ))}
        </fieldset>
        <div className={`${journey.actions} ${journey.split}`}>
          {!complete && (
            <p id={hintId} className={journey.hint}>
              {LIFE_SITUATIONS_TEXT.hint}
            </p>
          )}
          <NextButton label={LIFE_SITUATIONS_TEXT.skipAll} variant="secondary" onClick={() => once(skipAll)} busy={pending === 'skip'} disabled={pending !== null || locked} />
          <NextButton
            onClick={() => once(next)}
            disabled={!complete || pending !== null || locked}
            busy={pending === 'next'}
            describedBy={complete ? undefined : hintId}
          />
        </div>
        {locked && (
          <Suspense>
            <AnswersKept subject="lifeSituations" />
          </Suspense>
        )}
      </form>
    </Page>
  );
}
