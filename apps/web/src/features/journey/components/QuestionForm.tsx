import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useLeaveGuard, useLocation } from '../../../lib/router';
import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import { readSessionValue } from '../../../lib/session-storage';
import type { Question } from '../api/types';
import { SAVING_TEXT } from '../content/saving';
import { useAnswerSaver } from '../hooks/useAnswerSaver';
import { answersAtRisk as atRisk, KEPT_ANSWERS_KEY } from '../logic/answerSaver';
import { initialAnswers, isNextEnabled, isResponse, requiresEveryAnswer, type Answers } from '../logic/answers';
import journey from '../Journey.module.css';
import { JourneyButton } from './JourneyButton';
import { NextButton } from './NextButton';
import { QuestionGroup } from './QuestionGroup';
import { loadSessionEnded, SessionEnded } from './SessionEndedLazy';
import styles from './QuestionForm.module.css';

interface QuestionFormProps {
  questions: Question[];
  leadIn: string;
  /** A second lead-in shown before question number `secondLeadInAt` (Rapid Energy: feelings before the 4th). */
  secondLeadIn?: string;
  secondLeadInAt?: number;
  /** Where Next goes, decided when it is pressed (the research opt-in may have changed). */
  nextPath: () => string;
  /** Where the assessment starts, for a guest whose session ended on this page. */
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
  const [chosen, setAnswers] = useState<Answers>(() => initialAnswers(questions));
  // A ref as well as state: a double click lands before React re-renders the button as busy.
  const moving = useRef(false);
  const [busy, setBusy] = useState(false);
  const [askedAboutUnanswered, setAskedAboutUnanswered] = useState(false);
  const [showUnansweredPrompt, setShowUnansweredPrompt] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const hintId = useId();
  // The "could not be saved" block stays open from a failure until a save succeeds, not only while
  // the saver reports the failure: a retry clears it while it runs, and the button being pressed
  // must stay where it is (with its focus) to say "Saving…" and then how it went.
  const [retryOpen, setRetryOpen] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const retryRunning = useRef(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const lastChosen = useRef<string | null>(null);
  if (snapshot.failure === 'retryable' && !retryOpen) setRetryOpen(true);
  // Read when a save finishes, which may be after a failure that opened the block while it ran.
  const retryOpenNow = useRef(retryOpen);
  useEffect(() => {
    retryOpenNow.current = retryOpen;
  }, [retryOpen]);
  // Stable, so the prompt takes focus when it appears and not again on every re-render.
  const focusOnAppear = useCallback((node: HTMLElement | null) => node?.focus(), []);

  // The plan was bought (decision 0074): the page shows what the server holds, and says why.
  const locked = snapshot.failure === 'locked';
  const answers = locked ? saver.held() : chosen;
  const answered = questions.filter((q) => isResponse(answers[q.questionGuid])).length;
  const unanswered = questions.length - answered;
  const everyAnswerRequired = requiresEveryAnswer(pathname);
  const cannotKeep = locked || snapshot.failure === 'session';
  // Busy is not "disabled" here: NextButton refuses presses while busy but keeps the focus.
  const enabled = !cannotKeep && isNextEnabled({ pathname, loading: false, questions, answers });
  const showRetry = retryOpen && !cannotKeep;

  // The block closing takes the focused Try again button with it: focus goes back to the question
  // last answered, where the person was before the save failed, rather than to the page's start.
  const retryWasShown = useRef(false);
  useEffect(() => {
    const closed = retryWasShown.current && !showRetry;
    retryWasShown.current = showRetry;
    if (!closed || cannotKeep) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const form = formRef.current;
    const radio = lastChosen.current ? form?.querySelector<HTMLInputElement>(`input[name="question-${lastChosen.current}"]:checked`) : null;
    (radio ?? form?.querySelector<HTMLInputElement>('input[type="radio"]'))?.focus();
  }, [showRetry, cannotKeep]);

  // Leaving the page (reload, close, Back out of the app) could drop answers the server has not
  // acknowledged, a save still on its way included (logic/answerSaver): the browser asks first,
  // while they can still be saved (not once the session has ended: staying keeps nothing).
  const answersAtRisk = atRisk(snapshot);
  // So does a move inside the app (a header link, Back): asked with the saver's state at that
  // moment, so Next, which moves once everything is saved, is never asked.
  useLeaveGuard(() => !atRisk(saver.snapshot()) || window.confirm(SAVING_TEXT.leaveWithUnsaved));
  // A layout effect: the listener is there by the time the "could not be saved" message is painted
  // (a passive effect may run after it, and a reload in between left without asking).
  useLayoutEffect(() => {
    if (!answersAtRisk) return;
    const askFirst = (event: BeforeUnloadEvent) => {
      // Read now as well: the listener goes only once React has run this effect's clean-up, a
      // moment after a save that kept everything.
      if (!atRisk(saver.snapshot())) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, [answersAtRisk, saver]);

  // Back from the sign-in that the session's end on this page asked for: the answers it could not
  // save were kept meanwhile, and are chosen again now (logic/keptAnswers, loaded only then).
  useEffect(() => {
    if (readSessionValue(KEPT_ANSWERS_KEY) === null) return;
    loadSessionEnded()
      .then((kept) => kept.restoreKeptAnswers({ path: pathname, questions, choose, saveAll: saveEverything, announce: setOutcome }))
      .catch(console.error);
    // Once, as the page opens.
  }, []);

  function choose(question: Question, response: number) {
    // Answers chosen while Next is saving and moving on would belong to a page already left.
    if (moving.current) return;
    lastChosen.current = question.questionGuid;
    setOutcome(null);
    setAnswers((current) => ({ ...current, [question.questionGuid]: response }));
    saver.choose(question.questionGuid, response);
  }

  /** Sends what is unsaved; true once all of it is kept, which closes the "could not be saved" block. */
  async function saveEverything(): Promise<boolean> {
    const saved = await saver.saveAll();
    if (saved && retryOpenNow.current) {
      retryOpenNow.current = false;
      setRetryOpen(false);
      setOutcome(SAVING_TEXT.savedAfterRetry);
    }
    return saved;
  }

  async function retry(): Promise<void> {
    if (retryRunning.current || moving.current) return;
    retryRunning.current = true;
    setRetrying(true);
    setOutcome(null);
    try {
      // A session that ended says so in a block of its own.
      if (!(await saveEverything()) && saver.snapshot().failure === 'retryable') setOutcome(SAVING_TEXT.stillNotSaved);
    } finally {
      retryRunning.current = false;
      setRetrying(false);
    }
  }

  async function saveAndMove(): Promise<void> {
    if (moving.current) return;
    moving.current = true;
    setBusy(true);
    try {
      if (await saveEverything()) await navigate(nextPath());
      // Next pressed again while the retry block is open: say so, or the press goes unheard.
      else if (saver.snapshot().failure === 'retryable') setOutcome(SAVING_TEXT.stillNotSaved);
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
    // "Continue anyway" goes with its block: Next, which now shows the saving, keeps the focus.
    if (showUnansweredPrompt) formRef.current?.querySelector<HTMLElement>(`[aria-describedby="${hintId}"]`)?.focus();
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
      {/* A page whose answers can no longer be kept stops taking them, and so does one moving on. */}
      <fieldset className={styles.questions} role="presentation" disabled={cannotKeep || busy}>
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
      {showRetry && (
        <div className={styles.problem} role="alert">
          <p>{SAVING_TEXT.saveFailed}</p>
          <JourneyButton variant="secondary" onClick={() => void retry()} busy={retrying || busy} keepFocusWhileBusy>
            {retrying || busy ? SAVING_TEXT.retrying : SAVING_TEXT.retry}
          </JourneyButton>
        </div>
      )}
      {/* What a retry achieved, announced: the kit's StatusLine written out, since as a module of
          its own it costs this page's first paint 0.2 KB it does not have (docs/performance.md). */}
      <p role="status" className={outcome ? styles.outcome : 'visually-hidden'}>
        {outcome ?? ''}
      </p>
      {cannotKeep && <SessionEnded answers={answers} startPath={startPath} locked={locked} />}
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
