import type { ReactNode } from 'react';
import styles from './ResultsChart.module.css';

/** The white card a result chart and its legend sit on; `spaced` when it stands between paragraphs. */
export function ResultsChart({ spaced = false, className, children }: { spaced?: boolean; className?: string; children: ReactNode }) {
  return <div className={[styles.chart, spaced && styles.spaced, className].filter(Boolean).join(' ')}>{children}</div>;
}

/** The chart beside its text on wide screens (the chart first): a petal's results, or the lotus and the positivity potential. */
export function ResultsLayout({ kind, children }: { kind: 'petal' | 'lotus'; children: ReactNode }) {
  return <div className={`${styles.layout} ${styles[kind]}`}>{children}</div>;
}
