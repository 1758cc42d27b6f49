import { TREND_CHART_TEXT as T, MEASURE_LABELS } from '../../content/progress';
import type { ChangeVerdict as Verdict, ProgressMeasure } from '../../lib/progress-changes';
import { chartDescription, formatScore, measureColours } from '../../lib/progress-measures';
import { COMPACT_BOX, DEFAULT_BOX, latestIndex, latestValue, trendChartGeometry } from '../../lib/trend-chart';
import { ChangeVerdict } from './ChangeVerdict';
import styles from './TrendChart.module.css';

interface TrendChartProps {
  measure: ProgressMeasure;
  /** The measure's score in each assessment, oldest first (null: no score). */
  values: readonly (number | null)[];
  /** Each assessment's short label (date, with the time when two share a day). */
  labels: readonly string[];
  /** The latest change: a badge, "not judged" or "not compared"; null with one assessment. */
  verdict: Verdict | null;
  /** The member dashboard's flatter card: the badge and the latest score share a line where they fit. */
  compact?: boolean;
}

/**
 * A small trend chart of one measure (issue 26), an item of a list: SVG in the lotus colours,
 * with a text alternative giving every value by date and the latest change.
 */
export function TrendChart({ measure, values, labels, verdict, compact = false }: TrendChartProps) {
  const geometry = trendChartGeometry(values, compact ? COMPACT_BOX : DEFAULT_BOX);
  const colours = measureColours(measure);
  // The newest assessment's value ("–" when it has none), not the last one that has a score.
  const latest = latestValue(values);
  const lastIndex = latestIndex(values);
  const latestLine = (
    <p className={styles.latest}>
      {T.latest} <strong>{formatScore(latest)}</strong>
    </p>
  );

  return (
    <li className={compact ? `${styles.card} ${styles.compact}` : styles.card}>
      <div className={styles.header}>
        <h3 className={styles.title}>{MEASURE_LABELS[measure]}</h3>
        <ChangeVerdict verdict={verdict} />
        {compact && latestLine}
      </div>
      {!compact && latestLine}
      <svg className={styles.chart} viewBox={`0 0 ${geometry.width} ${geometry.height}`} role="img" aria-label={chartDescription(measure, values, labels, verdict)}>
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
