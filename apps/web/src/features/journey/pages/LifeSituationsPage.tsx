import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { PreviousLifeData } from '@bloom/contracts';
import { latestAssessmentQuery, useLifeSituationsForm, usePreviousLifeData } from '../api/queries';
import { saveLifeData } from '../api/save-life-data';
import type { LifeQuestion } from '../api/types';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Page } from '../../../components/ui/Page';
import { formatAssessmentDate } from '../../../lib/assessment-dates';
import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import { JourneyButton } from '../components/JourneyButton';
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
/** Said only when the session ended (or the assessment refused them): the question pages' block, out of the first paint too. */
const SessionEndedNotice = lazy(async () => ({ default: (await import('../components/SessionEndedNotice')).SessionEndedNotice }));

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
  const { busy, once } = useOnce();
  const queryClient = useQueryClient();
  const [opened] = useState<LifeAnswers>(() => (previous.lifeData ? lifeAnswersFrom(questions, previous.lifeData) : {}));
  const [answers, setAnswers] = useState<LifeAnswers>(opened);
  const [pending, setPending] = useState<'next' | 'skip' | null>(null);
  // The assessment's plan was bought, so the server keeps its life situations as they are
  // (decision 0074): the form stops, and says why and how to answer again, instead of moving on.
  const [locked, setLocked] = useState(false);
  // A save that failed (DESIGN.md §11): the page stays with the fields as chosen. `failed` may pass,
  // so it offers to try again; `session` cannot (no session, no assessment), so the page stops and
  // says so with the question pages' block.
  const [failure, setFailure] = useState<'failed' | 'session' | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  // What Try again repeats: the last of Next and Skip All pressed.
  const tried = useRef<'next' | 'skip'>('next');
  const hintId = useId();
  const complete = isLifeFormComplete(questions, answers);
  const stopped = locked || failure === 'session';

  /** Saves (the answers, or Skip All's "Prefer not to say" to all) and moves on once they are kept; otherwise stays, and says why. */
  async function saveAndMove(how: 'next' | 'skip'): Promise<void> {
    tried.current = how;
    setPending(how);
    setOutcome(null);
    const result = await saveLifeData(how === 'next' ? buildLifeData(questions, answers) : skipAllLifeData());
    if (result !== 'saved') {
      setPending(null);
      if (result === 'locked') {
        // Nothing was stored: the fields show what the page opened with, not the change refused.
        setAnswers(opened);
        setLocked(true);
      } else {
        // Said again when the block was open already, or the press goes unheard.
        if (result === 'failed' && failure === 'failed') setOutcome(LIFE_SITUATIONS_TEXT.stillNotSaved);
        setFailure(result);
      }
      return;
    }
    if (how === 'skip') return navigate(nextAfterSkipAll());
    // The Professional (ninety-item) track sees its benchmark comparison next.
    const latest = await queryClient.fetchQuery(latestAssessmentQuery()).catch(() => null);
    await navigate(nextAfterLifeSituations(latest?.isNinetyItem ?? false));
  }

  return (
    <Page stack={false} className={`${journey.page} ${journey.narrow}`}>
      <PageIntro title={title} introText={introText} />
      {previous.lifeData && previous.savedAt && <p className={styles.prefilled}>{LIFE_SITUATIONS_TEXT.prefilled(formatAssessmentDate(previous.savedAt))}</p>}
      <form className={`${journey.form} ${styles.questions}`} onSubmit={(event) => event.preventDefault()} noValidate>
        {/* No box of its own (the form lays the questions out): only there to stop them once they are kept. */}
        <fieldset className={styles.fields} role="presentation" disabled={stopped}>
          {questions.map((question) => (
            <LifeQuestionField
              key={question.field}
              question={question}
              answer={answers[question.field]}
              onChange={(answer) => setAnswers((current) => ({ ...current, [question.field]: answer }))}
            />
          ))}
        </fieldset>
        {failure === 'failed' && (
          <div className={styles.problem} role="alert">
            <p>{LIFE_SITUATIONS_TEXT.saveFailed}</p>
            <JourneyButton variant="secondary" onClick={() => once(() => saveAndMove(tried.current))} busy={busy} keepFocusWhileBusy>
              {busy ? LIFE_SITUATIONS_TEXT.retrying : LIFE_SITUATIONS_TEXT.retry}
            </JourneyButton>
          </div>
        )}
        {/* What a retry achieved, announced: kept on the page, only its text changing. */}
        <p role="status" className={outcome ? styles.outcome : 'visually-hidden'}>
          {outcome ?? ''}
        </p>
        <div className={`${journey.actions} ${journey.split}`}>
          {!complete && (
            <p id={hintId} className={journey.hint}>
              {LIFE_SITUATIONS_TEXT.hint}
            </p>
          )}
          <NextButton
            label={LIFE_SITUATIONS_TEXT.skipAll}
            variant="secondary"
            onClick={() => once(() => saveAndMove('skip'))}
            busy={pending === 'skip'}
            disabled={pending !== null || stopped}
          />
          <NextButton
            onClick={() => once(() => saveAndMove('next'))}
            disabled={!complete || pending !== null || stopped}
            busy={pending === 'next'}
            describedBy={complete ? undefined : hintId}
          />
        </div>
        {locked && (
          <Suspense>
            <AnswersKept subject="lifeSituations" />
          </Suspense>
        )}
        {failure === 'session' && (
          <Suspense>
            {/* Nothing kept for the sign-in: this page is answered again when it comes back to it. */}
            <SessionEndedNotice startPath="/" />
          </Suspense>
        )}
      </form>
    </Page>
  );
}
