import type { ReactNode } from 'react';
import styles from '../Reports.module.css';

export interface ReportSectionProps {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  className?: string;
}

/** One titled card of a report; its id is the anchor the plan's summary links to. */
export function ReportSection({ id, title, intro, children, className }: ReportSectionProps) {
  return (
    <section id={id} className={[styles.section, className].filter(Boolean).join(' ')} aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {intro && <p className={styles.sectionIntro}>{intro}</p>}
      {children}
    </section>
  );
}

/** A list that reads "None" when empty (spec 02 §2). */
export function ListOrNone<T>({ items, none, render, className }: { items: readonly T[]; none: string; render: (item: T, index: number) => ReactNode; className?: string }) {
  if (items.length === 0) return <p className={styles.muted}>{none}</p>;
  return <ul className={className}>{items.map(render)}</ul>;
}
