import { RETAKE_ADVICE } from '../content/differences';
import { RichText } from './RichText';
import styles from '../Reports.module.css';

/** Closing advice: the report's closing text, when to retake, and the not-a-diagnosis notice. */
export function Closing({ closingText, notice }: { closingText: string; notice: string }) {
  return (
    <>
      <RichText text={closingText} className={`${styles.prose} ${styles.lead}`} />
      <div className={styles.callout}>
        <h3 className={styles.calloutTitle}>{RETAKE_ADVICE.title}</h3>
        <ul className={styles.bullets}>
          {RETAKE_ADVICE.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </div>
      <RichText text={notice} className={styles.notice} />
    </>
  );
}
