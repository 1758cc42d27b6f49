import type { ReactNode } from 'react';
import { LazyEightPetalChart, LotusPlaceholder } from '../../../components/charts/LazyEightPetalChart';
import { ShadingLegend } from '../../../components/charts/ShadingLegend';
import { Table } from '../../../components/ui/Table';
import { COACH_TEXT, INSIGHT_COMPARISON_WORDS, INSIGHT_REASON_WORDS } from '../content';
import { describeQuarter, insightRows, withheldComparison, type ShownInsight } from '../logic/insight';
import styles from '../Coach.module.css';

const T = COACH_TEXT.insight;


/** A shown figure: the member's own lotus component over the group's means, n, the scores and the change since the previous quarter. */
export function InsightFigures({ insight, name }: { insight: ShownInsight; name: string }) {
  const rows = insightRows(insight);
  const previous = insight.previousQuarter;
  const quarter = describeQuarter(previous.quarter);
  const withheld = withheldComparison(insight);
  return (
    <div className={styles.insightFigures}>
      <div className={styles.insightLotus}>
        {/* Its code is not in the dashboard's first paint: InsightPanel starts its download when it asks for the figures. */}
        <LazyEightPetalChart data={insight.chartData} title={T.lotusTitle(name, insight.n)} fallback={<LotusSkeleton />} />
        <ShadingLegend />
      </div>
      <div className={styles.insightNumbers}>
        <p className={styles.insightCount}>
          <strong>n = {insight.n}</strong> <span>{T.basedOn(insight.n)}</span>
        </p>
        <ScoresTable name={name} changeHeading={previous.shown ? T.change(quarter) : null}>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td className={styles.numeric}>{row.value}</td>
              {row.change !== null && <td className={styles.numeric}>{row.change}</td>}
            </tr>
          ))}
        </ScoresTable>
        {previous.shown ? (
          <p className={styles.insightNote}>{T.changeNote(quarter, previous.n)}</p>
        ) : (
          withheld && (
            <p className={styles.insightNote}>
              {T.noComparison(withheld.quarter)} {INSIGHT_COMPARISON_WORDS[withheld.reason]}
            </p>
          )
        )}
      </div>
    </div>
  );
}

/** A grey disc as wide as the lotus will be drawn in its column, while the lotus or its code loads. */
export function LotusSkeleton() {
  return <LotusPlaceholder className={`${styles.skeleton} ${styles.lotusSkeleton}`} />;
}

/** The mean scores table's frame: its header (with the change column when there is one) over the given rows. */
export function ScoresTable({ name, changeHeading, children }: { name: string; changeHeading: string | null; children: ReactNode }) {
  return (
    <Table label={T.scoresLabel(name)} hideCaption className={`${styles.table} ${styles.insightTable}`}>
      <thead>
        <tr>
          <th scope="col">{T.score}</th>
          <th scope="col" className={styles.numeric}>
            {T.mean}
          </th>
          {changeHeading !== null && (
            <th scope="col" className={styles.numeric}>
              {changeHeading}
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </Table>
  );
}

/** A hidden figure: a calm message saying why, and nothing else (not even a count). */
export function InsightPrivate({ reason }: { reason: keyof typeof INSIGHT_REASON_WORDS }) {
  return (
    <div className={styles.insightPrivate}>
      <p className={styles.insightPrivateTitle}>{T.privateTitle}</p>
      <p>{INSIGHT_REASON_WORDS[reason]}</p>
      <p className={styles.insightNote}>{T.privacyNote}</p>
    </div>
  );
}
