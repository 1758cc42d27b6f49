import { useId } from 'react';
import { PREFER_NOT_TO_SAY } from '@bloom/contracts/constants';
import type { LifeQuestion } from '../api/types';
import { ageBounds, chooseValue, choosePreferNotToSay, EMPTY_ANSWER, isAgeInvalid, type LifeAnswer } from '../logic/lifeData';
import { LIFE_SITUATIONS_TEXT } from '../content/lifeSituations';

interface LifeQuestionFieldProps {
  question: LifeQuestion;
  answer: LifeAnswer | undefined;
  onChange: (answer: LifeAnswer) => void;
}

/** One Life Situations question: a dropdown (or the age box) plus its own "Prefer not to say". */
export function LifeQuestionField({ question, answer = EMPTY_ANSWER, onChange }: LifeQuestionFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const invalidAge = isAgeInvalid(question, answer);
  const { min, max } = ageBounds(question);

  return (
    <div className="life-question bloom-card" role="group" aria-labelledby={labelId}>
      <label id={labelId} htmlFor={`${id}-input`} className="life-question__label">
        {question.label}
      </label>
      <div className="life-question__controls">
        {question.kind === 'number' ? (
          <input
            id={`${id}-input`}
            className="life-question__input"
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            autoComplete="off"
            value={answer.value}
            aria-invalid={invalidAge || undefined}
            aria-describedby={invalidAge ? errorId : undefined}
            onChange={(event) => onChange(chooseValue(event.target.value))}
          />
        ) : (
          <select
            id={`${id}-input`}
            className="life-question__select"
            value={answer.value}
            onChange={(event) => onChange(chooseValue(event.target.value))}
          >
            <option value="">{LIFE_SITUATIONS_TEXT.chooseAnswer}</option>
            {question.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        )}
        <label className="life-question__skip">
          <input
            type="checkbox"
            checked={answer.preferNotToSay}
            onChange={(event) => onChange(choosePreferNotToSay(event.target.checked))}
          />
          <span>{PREFER_NOT_TO_SAY}</span>
        </label>
      </div>
      {invalidAge && (
        <p id={errorId} className="life-question__error">
          {LIFE_SITUATIONS_TEXT.ageOutOfRange(min, max, PREFER_NOT_TO_SAY)}
        </p>
      )}
    </div>
  );
}
