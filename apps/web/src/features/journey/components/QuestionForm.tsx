import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { useNavigateWhenShown } from '../../../hooks/useNavigateWhenShown';
import { useSaveResponses } from '../api/mutations';
import type { Question } from '../api/types';
import { initialAnswers, isNextEnabled, responsesToSave, type Answers } from '../logic/answers';
import { NextButton } from './NextButton';
import { QuestionGroup } from './QuestionGroup';
import './questions.css';

interface QuestionFormProps {
  questions: Question[];
  leadIn: string;
  /** A second lead-in shown before question number `secondLeadInAt` (Rapid Energy: feelings before the 4th). */
  secondLeadIn?: string;
  secondLeadInAt?: number;
  /** Where Next goes, decided when it is pressed (the research opt-in may have changed). */
  nextPath: () => string;
}

/** Numbered questions, pre-selected from saved answers; Next saves them and moves on (a failed save is ignored). */
export function QuestionForm({ questions, leadIn, secondLeadIn, secondLeadInAt = 4, nextPath }: QuestionFormProps) {
  const { pathname } = useLocation();
  const navigate = useNavigateWhenShown();
  const save = useSaveResponses();
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(questions));
  const hintId = useId();

  const answered = questions.filter((q) => answers[q.questionGuid] != null).length;
  const enabled = isNextEnabled({ pathname, loading: save.isPending, questions, answers });

  async function next() {
    await save.mutateAsync(responsesToSave(questions, answers));
    await navigate(nextPath());
  }

  return (
    <form className="question-form" onSubmit={(event) => event.preventDefault()} noValidate>
      <p className="question-form__lead-in">{leadIn}</p>
      {questions.map((question, index) => (
        <div key={question.questionGuid} className="question-form__item">
          {secondLeadIn && index + 1 === secondLeadInAt && <p className="question-form__lead-in">{secondLeadIn}</p>}
          <QuestionGroup
            number={index + 1}
            question={question}
            value={answers[question.questionGuid] ?? null}
            onChange={(response) => setAnswers((current) => ({ ...current, [question.questionGuid]: response }))}
          />
        </div>
      ))}
      <div className="journey-actions">
        <p id={hintId} className="journey-actions__hint">
          {answered === questions.length
            ? `All ${questions.length} questions answered.`
            : `${answered} of ${questions.length} answered. Answer every question to continue.`}
        </p>
        <NextButton onClick={() => void next()} disabled={!enabled} busy={save.isPending} describedBy={hintId} />
      </div>
    </form>
  );
}
