import type { ReactNode } from 'react';
import styles from './PetalPlaceholder.module.css';

/**
 * A box as large as a single petal's chart will be drawn in this place (by container query, as
 * the chart sizes itself), so nothing under or beside it moves when the chart arrives; `children`,
 * centred in it, say what is coming.
 */
export function PetalPlaceholder({ children }: { children: ReactNode }) {
  return (
    <div className={styles.box}>
      <div className={styles.petal}>{children}</div>
    </div>
  );
}
