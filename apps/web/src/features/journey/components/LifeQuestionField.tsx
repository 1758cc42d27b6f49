import { PREFER_NOT_TO_SAY } from '@bloom/contracts/constants';
import { Field } from '../../../components/ui/Field';
import type { LifeQuestion } from '../api/types';
import { ageBounds, chooseValue, choosePreferNotToSay, EMPTY_ANSWER, isAgeInvalid, type LifeAnswer } from '../logic/lifeData';
import { LIFE_SITUATIONS_TEXT } from '../content/lifeSituations';
import styles from './LifeQuestionField.module.css';

interface LifeQuestionFieldProps {
  question: LifeQuestion;
  answer: LifeAnswer | undefined;
  onChange: (answer: LifeAnswer) => void;
}

/** One Life Situations question: a dropdown (or the age box) plus its own "Prefer not to say" radio. */
export function LifeQuestionField({ question, answer = EMPTY_ANSWER, onChange }: LifeQuestionFieldProps) {
  const invalidAge = isAgeInvalid(question, answer);
  const { min, max } = ageBounds(question);

  return (
    <Field
      group
      label={question.label}
      error={invalidAge ? LIFE_SITUATIONS_TEXT.ageOutOfRange(min, max, PREFER_NOT_TO_SAY) : undefined}
      className={`${styles.question} bloom-card`}
      labelClassName={styles.label}
      errorClassName={styles.error}
    >
      {(control) => (
        <div className={styles.controls}>
          {question.kind === 'number' ? (
            <input
              {...control}
              className={styles.age}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              autoComplete="off"
              value={answer.value}
              onChange={(event) => onChange(chooseValue(event.target.value))}
            />
          ) : (
            <select {...control} className={styles.select} value={answer.value} onChange={(event) => onChange(chooseValue(event.target.value))}>
              <option value="">{LIFE_SITUATIONS_TEXT.chooseAnswer}</option>
              {question.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
          <label className={styles.skip}>
            {/* A radio of its own per question (spec 01 §2): its name keeps the arrow keys inside this question. */}
            <input type="radio" name={`${control.id}-prefer-not-to-say`} checked={answer.preferNotToSay} onChange={() => onChange(choosePreferNotToSay())} />
            <span>{PREFER_NOT_TO_SAY}</span>
          </label>
        </div>
      )}
    </Field>
  );
}
