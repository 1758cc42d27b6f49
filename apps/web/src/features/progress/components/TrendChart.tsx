import { ChangeBadge } from '../../../components/progress/ChangeBadge';
import { MEASURE_LABELS } from '../../../content/progress';
import type { ChangeBadgeKind, ProgressMeasure } from '../../../lib/progress-changes';
import { PROGRESS_TEXT as T } from '../content';
import { chartDescription } from '../logic/describe';
import { formatScore, measureColours } from '../logic/measures';
import { latestIndex, latestValue, trendChartGeometry } from '../logic/trendChart';
import styles from '../Progress.module.css';

interface TrendChartProps {
  measure: ProgressMeasure;
  /** The measure's score in each assessment, oldest first (null: no score). */
  values: readonly (number | null)[];
  /** Each assessment's short label (date, with the time when two share a day). */
  labels: readonly string[];
  badge: ChangeBadgeKind | null;
}

/** A small trend chart of one measure (issue 26): SVG in the lotus colours, with a text alternative. */
export function TrendChart({ measure, values, labels, badge }: TrendChartProps) {
  const geometry = trendChartGeometry(values);
  const colours = measureColours(measure);
  // The newest assessment's value ("–" when it has none), not the last one that has a score.
  const latest = latestValue(values);
  const lastIndex = latestIndex(values);

  return (
    <li className={styles.chartCard}>
      <div className={styles.chartHeader}>
        <h3 className={styles.chartTitle}>{MEASURE_LABELS[measure]}</h3>
        {badge && <ChangeBadge kind={badge} />}
      </div>
      <p className={styles.chartLatest}>
        {T.latest} <strong>{formatScore(latest)}</strong>
      </p>
      <svg className={styles.chart} viewBox={`0 0 ${geometry.width} ${geometry.height}`} role="img" aria-label={chartDescription(measure, values, labels, badge)}>
        {geometry.gridLines.map((line) => (
          <g key={line.value}>
            <line x1={geometry.plotLeft} x2={geometry.plotRight} y1={line.y} y2={line.y} className={styles.gridLine} />
            {line.label !== null && (
              <text x={geometry.plotLeft - 8} y={line.y} className={styles.axisLabel} textAnchor="end" dominantBaseline="middle">
                {line.label}
              </text>
            )}
          </g>
        ))}
        {geometry.areaPath && <path d={geometry.areaPath} fill={colours.fill} opacity={0.7} />}
        {geometry.linePath && <path d={geometry.linePath} fill="none" stroke={colours.line} strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />}
        {geometry.points.map((point) => (
          <circle
            key={point.index}
            cx={point.x}
            cy={point.y}
            r={point.index === lastIndex ? 5.5 : 4}
            fill={point.index === lastIndex ? colours.line : '#ffffff'}
            stroke={colours.line}
            strokeWidth={2}
          />
        ))}
      </svg>
    </li>
  );
}
