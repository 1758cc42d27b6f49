import type { ReactNode } from 'react';
import styles from './AssessmentTypeBadge.module.css';

/** The Rapid / Professional label of an assessment in a list (green for Rapid, blue for Professional). */
export function AssessmentTypeBadge({ professional, children }: { professional: boolean; children: ReactNode }) {
  return <span className={professional ? `${styles.badge} ${styles.professional}` : styles.badge}>{children}</span>;
}
