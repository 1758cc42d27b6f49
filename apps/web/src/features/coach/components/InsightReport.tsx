import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatAssessmentDate } from '../../../lib/assessment-dates';
import { COACH_TEXT } from '../content';
import styles from '../Coach.module.css';
import { InsightFigures, InsightPrivate } from './InsightFigures';
import { insightQueryOf, type InsightTarget } from './InsightPrint';

const T = COACH_TEXT.insight;

/**
 * One figure's printable report (issue 27, InsightPrintProvider), loaded when a figure is first
 * printed. Once it is on the page it opens the print dialog, and says so when that closes.
 */
export default function InsightReport({ target, onPrinted }: { target: InsightTarget; onPrinted: () => void }) {
  const { data } = useQuery(insightQueryOf(target));
  const title = target.kind === 'organization' ? target.name : `${target.organizationName}: ${target.name}`;
  useEffect(() => {
    window.addEventListener('afterprint', onPrinted);
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', onPrinted);
    };
  }, [target, onPrinted]);
  return (
    <article className={styles.printReport}>
      <header className={styles.printHero}>
        <p className={styles.printEyebrow}>{T.reportEyebrow}</p>
        <h2 className={styles.printTitle}>{title}</h2>
        <dl className={styles.printMeta}>
          <div>
            <dt>{T.reportDate}</dt>
            <dd>{formatAssessmentDate(new Date().toISOString())}</dd>
          </div>
          {data?.shown && (
            <div>
              <dt>{T.reportPeople}</dt>
              <dd>{data.n}</dd>
            </div>
          )}
        </dl>
      </header>
      {data?.shown ? <InsightFigures insight={data} name={title} /> : data ? <InsightPrivate reason={data.reason} /> : null}
      <p className={styles.insightNote}>{T.privacyNote}</p>
    </article>
  );
}
