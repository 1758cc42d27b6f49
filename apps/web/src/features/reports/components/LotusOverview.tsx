import { LazyEightPetalChart, LotusPlaceholder } from '../../../components/charts/LazyEightPetalChart';
import { ShadingLegend } from '../../../components/charts/ShadingLegend';
import type { PetalChartItem } from '../../../components/charts/types';
import { REPORT_TEXT } from '../content/report';
import { RichText } from './RichText';
import styles from '../Reports.module.css';

/** The Life Lotus, large and centred, with the summary and where well-being comes from beneath it. */
export function LotusOverview({ petals, summaryText, roleText }: { petals: readonly PetalChartItem[]; summaryText: string; roleText?: string }) {
  return (
    <>
      <figure className={`${styles.chartBox} ${styles.lotusBox}`}>
        <LazyEightPetalChart data={petals} title="Your Life Lotus: eight petals" fallback={<LotusPlaceholder />} />
        <figcaption>
          <ShadingLegend />
        </figcaption>
      </figure>
      <div className={roleText ? styles.twoColumns : undefined}>
        <div className={styles.prose}>
          <h3 className={styles.subTitle}>{REPORT_TEXT.summaryTitle}</h3>
          <RichText text={summaryText} className={styles.lead} />
        </div>
        {roleText && (
          <div className={styles.prose}>
            <h3 className={styles.subTitle}>{REPORT_TEXT.whereFromTitle}</h3>
            <RichText text={roleText} />
          </div>
        )}
      </div>
    </>
  );
}
