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
          <label key={label} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={response}
              checked={value === response}
              onChange={() => onChange(response)}
            />
            <span className={styles.label}>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
