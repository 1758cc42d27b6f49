import { ShadingLegend } from '../../../components/charts/ShadingLegend';
import { SECTION_PAGE_SIZE } from '../logic/client-pages';
import { INSIGHT_ROW_LABELS } from '../logic/insight';
import styles from '../Coach.module.css';
import { InsightPrivate, LotusSkeleton, ScoresTable } from './InsightFigures';

/*
 * A section's frame at its final size, drawn while its figures or clients load, so what arrives
 * takes its place instead of pushing the rest of the dashboard down (issue 28 part 3, cumulative
 * layout shift). Only what does not depend on the figures is drawn (the legend, the table's row
 * names); the rest are grey shapes. Hidden from screen readers: the region says it is busy instead.
 */

/** A shown figure's frame: the lotus (as wide as the chart will be drawn) with its legend, then n and the scores table. */
export function InsightFiguresSkeleton({ name }: { name: string }) {
  return (
    <div className={styles.insightFigures} aria-hidden="true">
      <div className={styles.insightLotus}>
        <LotusSkeleton />
        <ShadingLegend />
      </div>
      <div className={styles.insightNumbers}>
        <p className={styles.insightCount}>
          <span className={`${styles.skeleton} ${styles.textSkeleton}`} />
        </p>
        <ScoresTable name={name} changeHeading={null}>
          {INSIGHT_ROW_LABELS.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td className={styles.numeric}>
                <span className={`${styles.skeleton} ${styles.valueSkeleton}`} />
              </td>
            </tr>
          ))}
        </ScoresTable>
      </div>
    </div>
  );
}

/**
 * The privacy message of a section with fewer than five clients, the one reason its figure can
 * have (at most as many people shared as there are clients), held until the server confirms it.
 */
export function InsightPrivateSkeleton() {
  return (
    <div aria-hidden="true">
      <InsightPrivate reason="fewer-than-five" />
    </div>
  );
}

/** A list's first page: one closed client row per client it will show, and the "Show more" line if there are more. */
export function ClientRowsSkeleton({ clientCount }: { clientCount: number }) {
  return (
    <>
      {Array.from({ length: Math.min(clientCount, SECTION_PAGE_SIZE) }, (_, row) => (
        <div key={row} className={`${styles.client} ${styles.clientSkeleton}`} aria-hidden="true">
          <span className={`${styles.skeleton} ${styles.textSkeleton}`} />
        </div>
      ))}
      {clientCount > SECTION_PAGE_SIZE && <div className={styles.showMoreSkeleton} aria-hidden="true" />}
    </>
  );
}
