import { RESPONSE_LABELS } from '@bloom/contracts/constants';
import type { Question } from '../api/types';

interface QuestionGroupProps {
  number: number;
  question: Question;
  value: number | null;
  onChange: (response: number) => void;
}

/**
 * One question as a native radio group: arrow keys move within it, Tab moves to the next
 * question, and the legend gives the group its accessible name.
 */
export function QuestionGroup({ number, question, value, onChange }: QuestionGroupProps) {
  const name = `question-${question.questionGuid}`;
  return (
    <fieldset className={value === null ? 'question bloom-card' : 'question question--answered bloom-card'}>
      <legend className="question__legend">
        <span className="question__number">{number}.</span> <span className="question__text">{question.questionText}</span>
      </legend>
      <div className="question__scale">
        {RESPONSE_LABELS.map((label, response) => (
          <label key={label} className="question__option">
            <input
              type="radio"
              name={name}
              value={response}
              checked={value === response}
              onChange={() => onChange(response)}
            />
            <span className="question__option-label">{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
