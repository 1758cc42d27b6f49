import type { ReactNode } from 'react';
import { EnergyChart } from '../../../components/charts/EnergyChart';
import { MindsetChart } from '../../../components/charts/MindsetChart';
import { ResilienceChart } from '../../../components/charts/ResilienceChart';
import type { EnergyChartItem, ReportChartItem } from '../../../components/charts/types';
import { RichText } from './RichText';
import styles from '../Reports.module.css';

/** Text on one side, its chart on the other (stacked on phones). */
function TextAndChart({ text, extra, chart }: { text: string; extra?: string; chart: ReactNode }) {
  return (
    <div className={styles.split}>
      <div className={styles.prose}>
        <RichText text={text} className={styles.lead} />
        {extra && <RichText text={extra} />}
      </div>
      <figure className={styles.chartBox}>{chart}</figure>
    </div>
  );
}

/** Without items (Energy below the coverage rule) the text, which then says there are not enough answers, stands alone. */
export function EnergyResults({ text, items }: { text: string; items: readonly EnergyChartItem[] }) {
  if (items.length === 0) return <RichText text={text} className={styles.lead} />;
  return <TextAndChart text={text} chart={<EnergyChart items={items} title="Energy balance: Activity, Excitement and Overall Energy" />} />;
}

export function MindsetResults({ text, roleText, data }: { text: string; roleText?: string; data: readonly ReportChartItem[] }) {
  return <TextAndChart text={text} extra={roleText} chart={<MindsetChart data={data} title="Mindset positivity: self, others and balance" />} />;
}

export function ResilienceResults({ text, data }: { text: string; data: readonly ReportChartItem[] }) {
  return <TextAndChart text={text} chart={<ResilienceChart data={data} title="Wellbeing resilience: experiences, feelings and overall" />} />;
}
