import { lazy, Suspense, type ReactNode } from 'react';
import type { PetalListChartProps } from './PetalListChart';
import styles from './LazyEightPetalChart.module.css';

/**
 * The Life Lotus's drawing code (the flower, its geometry and the wellspring icons, 7.5 KB gzip),
 * loaded apart from the page that draws it, so it is not in that page's first paint. A page
 * starts the download as early as it knows it will draw one (`loadEightPetalChart`).
 */
export const loadEightPetalChart = () => import('./EightPetalChart');
const EightPetalChart = lazy(async () => ({ default: (await loadEightPetalChart()).EightPetalChart }));

/** The Life Lotus (EightPetalChart), with `fallback` in its place until its code has arrived. */
export function LazyEightPetalChart({ fallback, ...props }: PetalListChartProps & { fallback: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <EightPetalChart {...props} pending={fallback} />
    </Suspense>
  );
}

/**
 * A square as large as the lotus will be drawn in this place (the sizes of
 * `lotusWidthForContainer`, by container query), so nothing moves when it arrives. `className`
 * gives the square a look (the coach dashboard's grey disc); `children`, centred in it, say what
 * is coming (the results page's "drawing your lotus"). Empty, it is hidden from screen readers.
 */
export function LotusPlaceholder({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <div className={styles.box} aria-hidden={children ? undefined : true}>
      <div className={[styles.square, children ? styles.holding : undefined, className].filter(Boolean).join(' ')}>{children}</div>
    </div>
  );
}
