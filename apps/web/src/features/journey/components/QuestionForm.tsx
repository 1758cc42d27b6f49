import { useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation } from '../../../lib/router';
import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import type { Question } from '../api/types';
import { SAVING_TEXT } from '../content/saving';
import { useAnswerSaver } from '../hooks/useAnswerSaver';
import { initialAnswers, isNextEnabled, isResponse, requiresEveryAnswer, type Answers } from '../logic/answers';
import journey from '../Journey.module.css';
import { JourneyButton, journeyButtonClassName } from './JourneyButton';
import { NextButton } from './NextButton';
import { QuestionGroup } from './QuestionGroup';
import styles from './QuestionForm.module.css';

interface QuestionFormProps {
  questions: Question[];
  leadIn: string;
  /** A second lead-in shown before question number `secondLeadInAt` (Rapid Energy: feelings before the 4th). */
  secondLeadIn?: string;
  secondLeadInAt?: number;
  /** Where Next goes, decided when it is pressed (the research opt-in may have changed). */
  nextPath: () => string;
  /** Where the assessment starts, for a person whose session ended on this page. */
  startPath: string;
}

/**
 * Numbered questions, pre-selected from saved answers. Each answer is saved as it is chosen; Next
 * saves what is still pending and moves on only once everything is kept (DESIGN.md §11).
 */
export function QuestionForm({ questions, leadIn, secondLeadIn, secondLeadInAt = 4, nextPath, startPath }: QuestionFormProps) {
  const { pathname } = useLocation();
  const navigate = useNavigateWhenShown();
  const { saver, snapshot } = useAnswerSaver(questions);
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(questions));
  // A ref as well as state: a double click lands before React re-renders the button as busy.
  const moving = useRef(false);
  const [busy, setBusy] = useState(false);
  const [askedAboutUnanswered, setAskedAboutUnanswered] = useState(false);
  const [showUnansweredPrompt, setShowUnansweredPrompt] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const hintId = useId();
  // Stable, so the prompt takes focus when it appears and not again on every re-render.
  const focusOnAppear = useCallback((node: HTMLElement | null) => node?.focus(), []);

  const answered = questions.filter((q) => isResponse(answers[q.questionGuid])).length;
  const unanswered = questions.length - answered;
  const everyAnswerRequired = requiresEveryAnswer(pathname);
  const cannotKeep = snapshot.failure === 'session';
  const enabled = !cannotKeep && isNextEnabled({ pathname, loading: busy, questions, answers });

  function choose(question: Question, response: number) {
    setAnswers((current) => ({ ...current, [question.questionGuid]: response }));
    saver.choose(question.questionGuid, response);
  }

  async function saveAndMove(): Promise<void> {
    if (moving.current) return;
    moving.current = true;
    setBusy(true);
    try {
      if (await saver.saveAll()) await navigate(nextPath());
    } finally {
      moving.current = false;
      setBusy(false);
    }
  }

  function next() {
    if (moving.current) return;
    // Unanswered items on a page that allows them: ask once, then respect the answer.
    if (!everyAnswerRequired && unanswered > 0 && !askedAboutUnanswered) {
      setAskedAboutUnanswered(true);
      setShowUnansweredPrompt(true);
      return;
    }
    setShowUnansweredPrompt(false);
    void saveAndMove();
  }

  function answerThem() {
    setShowUnansweredPrompt(false);
    const first = questions.find((q) => !isResponse(answers[q.questionGuid]));
    formRef.current?.querySelector<HTMLInputElement>(`input[name="question-${first?.questionGuid}"]`)?.focus();
  }

  const hint =
    unanswered === 0
      ? SAVING_TEXT.allAnswered(questions.length)
      : everyAnswerRequired
        ? SAVING_TEXT.answeredOfRequired(answered, questions.length)
        : SAVING_TEXT.answeredOf(answered, questions.length);

  return (
    <form ref={formRef} className={styles.form} onSubmit={(event) => event.preventDefault()} noValidate>
      <p className={styles.leadIn}>{leadIn}</p>
      {/* A page whose answers can no longer be kept stops taking them. */}
      <fieldset className={styles.questions} role="presentation" disabled={cannotKeep}>
        {questions.map((question, index) => (
          <div key={question.questionGuid} className={styles.item}>
            {secondLeadIn && index + 1 === secondLeadInAt && <p className={styles.leadIn}>{secondLeadIn}</p>}
            <QuestionGroup
              number={index + 1}
              question={question}
              value={answers[question.questionGuid] ?? null}
              onChange={(response) => choose(question, response)}
            />
          </div>
        ))}
      </fieldset>
      {snapshot.failure === 'retryable' && (
        <div className={styles.problem} role="alert">
          <p>{SAVING_TEXT.saveFailed}</p>
          <JourneyButton variant="secondary" onClick={() => void saver.saveAll()} disabled={snapshot.inFlight > 0}>
            {snapshot.inFlight > 0 ? SAVING_TEXT.retrying : SAVING_TEXT.retry}
          </JourneyButton>
        </div>
      )}
      {cannotKeep && (
        <div className={styles.problem} role="alert">
          <p>{SAVING_TEXT.cannotKeep}</p>
          <Link className={journeyButtonClassName('secondary')} to={startPath}>
            {SAVING_TEXT.goToStart}
          </Link>
        </div>
      )}
      {showUnansweredPrompt && !cannotKeep && (
        <div ref={focusOnAppear} tabIndex={-1} className={`${styles.problem} ${styles.question}`} role="alert">
          <p>{SAVING_TEXT.unansweredQuestion(unanswered)}</p>
          <div className={styles.problemActions}>
            <JourneyButton variant="secondary" onClick={answerThem}>
              {SAVING_TEXT.answerThem(unanswered)}
            </JourneyButton>
            <JourneyButton onClick={next}>{SAVING_TEXT.continueAnyway}</JourneyButton>
          </div>
        </div>
      )}
      <div className={journey.actions}>
        <p id={hintId} className={journey.hint}>
          {hint}
        </p>
        <NextButton onClick={next} disabled={!enabled} busy={busy} describedBy={hintId} />
      </div>
    </form>
  );
}
