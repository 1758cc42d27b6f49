import type { ReactNode } from 'react';
import { formatAssessmentDate } from '../../../lib/assessment-dates';
import { REPORT_TEXT } from '../content/report';
import styles from '../Reports.module.css';

export interface ReportHeroProps {
  eyebrow: string;
  name: string;
  /** When the assessment was taken (ISO), shown in the reader's time zone like the dashboard's list; `date` (the server's text) when unknown. */
  takenAt: string | null;
  date: string;
  isNinetyItem: boolean;
  /** Buttons (not printed). */
  children?: ReactNode;
}

/** The top of a report: whose it is, when it was taken, and the main actions. */
export function ReportHero({ eyebrow, name, takenAt, date: serverDate, isNinetyItem, children }: ReportHeroProps) {
  const date = (takenAt && formatAssessmentDate(takenAt)) || serverDate;
  return (
    <header className={styles.hero}>
      <div>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 className={styles.heroTitle}>{name}</h1>
        <dl className={styles.heroMeta}>
          {date && (
            <div>
              <dt>{REPORT_TEXT.takenOn}</dt>
              <dd>{date}</dd>
            </div>
          )}
          <div>
            <dt>{REPORT_TEXT.assessmentLabel}</dt>
            <dd>{isNinetyItem ? REPORT_TEXT.professional : REPORT_TEXT.rapid}</dd>
          </div>
        </dl>
      </div>
      {children && <div className={`${styles.actions} ${styles.noPrint}`}>{children}</div>}
    </header>
  );
}
