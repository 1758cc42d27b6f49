import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { groupInsightQuery, organizationInsightQuery } from '../api';
import { COACH_TEXT } from '../content';
import styles from '../Coach.module.css';
import { InsightFigures, InsightPrivate } from './InsightFigures';

const T = COACH_TEXT.insight;

/** Which figure to print: an organization's, or one of its groups'. */
export interface InsightTarget {
  kind: 'organization' | 'group';
  id: string;
  name: string;
  organizationName: string;
}

const PrintContext = createContext<(target: InsightTarget) => void>(() => undefined);
export const usePrintInsight = () => useContext(PrintContext);

export const insightQueryOf = (target: Pick<InsightTarget, 'kind' | 'id'>) =>
  target.kind === 'organization' ? organizationInsightQuery(target.id) : groupInsightQuery(target.id);

/**
 * The printable group report (issue 27), in the style of the member's report: "Print report"
 * puts one figure's report on the page, the print stylesheet prints it alone (the dashboard is
 * screen-only meanwhile), and it goes again once the print dialog closes.
 */
export function InsightPrintProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<InsightTarget | null>(null);
  useEffect(() => {
    if (!target) return;
    const done = () => setTarget(null);
    window.addEventListener('afterprint', done);
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
    };
  }, [target]);
  return (
    <PrintContext.Provider value={setTarget}>
      <div className={target ? styles.screenOnly : undefined}>{children}</div>
      {target && <InsightReport target={target} />}
    </PrintContext.Provider>
  );
}

function InsightReport({ target }: { target: InsightTarget }) {
  const { data } = useQuery(insightQueryOf(target));
  const title = target.kind === 'organization' ? target.name : `${target.organizationName}: ${target.name}`;
  return (
    <article className={styles.printReport}>
      <header className={styles.printHero}>
        <p className={styles.printEyebrow}>{T.reportEyebrow}</p>
        <h2 className={styles.printTitle}>{title}</h2>
        <dl className={styles.printMeta}>
          <div>
            <dt>{T.reportDate}</dt>
            <dd>{new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })}</dd>
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
