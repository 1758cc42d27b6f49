import type { ReactNode } from 'react';
import { REPORT_TEXT } from '../content/report';
import styles from '../Reports.module.css';

export interface ReportHeroProps {
  eyebrow: string;
  name: string;
  date: string;
  isNinetyItem: boolean;
  /** Buttons (not printed). */
  children?: ReactNode;
}

/** The top of a report: whose it is, when it was taken, and the main actions. */
export function ReportHero({ eyebrow, name, date, isNinetyItem, children }: ReportHeroProps) {
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
