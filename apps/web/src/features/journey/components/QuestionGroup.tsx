import { RESPONSE_LABELS } from '@bloom/contracts/constants';
import type { Question } from '../api/types';
import styles from './QuestionGroup.module.css';

interface QuestionGroupProps {
  number: number;
  question: Question;
  value: number | null;
  onChange: (response: number) => void;
}

/**
 * The second click of a double click chooses nothing: a double click on Next moves to the next
 * page before its second click lands, and that click checked whatever answer was under the
 * pointer there (an answer nobody gave; seen in a CI screenshot). A deliberate choice is one click.
 */
const ignoreRepeatClick = (event: { detail: number; preventDefault: () => void }) => {
  if (event.detail > 1) event.preventDefault();
};

/**
 * One question as a native radio group: arrow keys move within it, Tab moves to the next
 * question, and the legend gives the group its accessible name.
 */
export function QuestionGroup({ number, question, value, onChange }: QuestionGroupProps) {
  const name = `question-${question.questionGuid}`;
  return (
    <fieldset className={value === null ? `${styles.question} bloom-card` : `${styles.question} ${styles.answered} bloom-card`}>
      <legend className={styles.legend}>
        <span className={styles.number}>{number}.</span> <span>{question.questionText}</span>
      </legend>
      <div className={styles.scale}>
        {RESPONSE_LABELS.map((label, response) => (
          <label key={label} className={styles.option} onClick={ignoreRepeatClick}>
            <input
              type="radio"
              name={name}
              value={response}
              checked={value === response}
              onChange={(event) => (event.nativeEvent as MouseEvent).detail > 1 || onChange(response)}
            />
            <span className={styles.label}>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
