import { FourPetalChart } from '../../../components/charts/FourPetalChart';
import { ShadingLegend } from '../../../components/charts/ShadingLegend';
import { SinglePetalChart } from '../../../components/charts/SinglePetalChart';
import { WellspringIcon } from '../../../components/icons/WellspringIcon';
import type { ModuleReportSection, PetalReportItem } from '../api/types';
import { REPORT_TEXT } from '../content/report';
import { formatScore } from '../logic/format';
import { RichText } from './RichText';
import styles from '../Reports.module.css';

export interface ModuleResultsProps {
  section: ModuleReportSection;
  summaryText: string;
  /** The plan draws every petal on its own, with its wellspring names; the report shows the four-petal chart. */
  variant: 'report' | 'plan';
}

/** Positive Experiences or Positive Feelings: summary, chart and the petals one by one. */
export function ModuleResults({ section, summaryText, variant }: ModuleResultsProps) {
  return (
    <>
      <div className={`${styles.split} ${styles.splitWideChart}`}>
        <div className={styles.prose}>
          <RichText text={summaryText} className={styles.lead} />
          <RichText text={section.resultsText} />
        </div>
        <figure className={styles.chartBox}>
          <FourPetalChart data={section.chartData} title={`${section.displayName}: four-petal chart`} />
          <figcaption>
            <ShadingLegend />
          </figcaption>
        </figure>
      </div>
      <h3 className={styles.subTitle}>{REPORT_TEXT.petalsHeading(section.displayName)}</h3>
      <ul className={styles.petalGrid}>
        {section.petals.map((petal) => (
          <PetalCard key={petal.id} petal={petal} chart={variant === 'plan' ? section.chartData.find((item) => item.id === petal.id) : undefined} />
        ))}
      </ul>
    </>
  );
}

function PetalCard({ petal, chart }: { petal: PetalReportItem; chart?: ModuleReportSection['chartData'][number] }) {
  return (
    <li className={styles.petalCard}>
      <div className={styles.petalHeader}>
        <h4 className={styles.petalName}>{petal.displayName}</h4>
        <span className={styles.score}>
          <span className="visually-hidden">{REPORT_TEXT.scoreLabel} </span>
          {formatScore(petal.score)}
          <span className="visually-hidden"> {REPORT_TEXT.scoreOutOf}</span>
        </span>
      </div>
      {chart && <SinglePetalChart petal={chart} title={`${petal.displayName} petal chart`} />}
      <ul className={styles.wellsprings} aria-label={`${petal.displayName} wellsprings`}>
        {petal.wellsprings.map((wellspring) => (
          <li key={wellspring.wellspringName} className={styles.wellspring}>
            <WellspringIcon icon={wellspring.icon} size={24} />
            <span>{wellspring.label}</span>
            <span className={styles.wellspringScore}>{formatScore(wellspring.score)}</span>
          </li>
        ))}
      </ul>
      <RichText text={petal.resultText} className={styles.prose} />
      {chart && <RichText text={petal.contributorText} className={styles.muted} />}
    </li>
  );
}
