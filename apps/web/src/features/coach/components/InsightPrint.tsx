import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import { groupInsightQuery, organizationInsightQuery } from '../api';
import styles from '../Coach.module.css';

/** The printed report (with the figures' code) loads when a figure is first printed. */
const InsightReport = lazy(() => import('./InsightReport'));

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
 * puts one figure's report on the page (InsightReport, which then opens the print dialog), the
 * print stylesheet prints it alone (the dashboard is screen-only meanwhile), and it goes again
 * once the print dialog closes.
 */
export function InsightPrintProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<InsightTarget | null>(null);
  // The same function on every render: the report opens the print dialog once per target.
  const printed = useCallback(() => setTarget(null), []);
  return (
    <PrintContext.Provider value={setTarget}>
      <div className={target ? `${styles.screenParts} ${styles.screenOnly}` : styles.screenParts}>{children}</div>
      {target && (
        <Suspense fallback={null}>
          <InsightReport target={target} onPrinted={printed} />
        </Suspense>
      )}
    </PrintContext.Provider>
  );
}
