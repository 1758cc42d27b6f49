import { useId, useState, type ReactNode } from 'react';
import styles from '../Coach.module.css';

interface Props {
  /** The always-visible header content (names, counts). */
  summary: ReactNode;
  /** Heading level of the header, so screen-reader users can jump between sections. */
  level: 2 | 3 | 4;
  defaultOpen?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A disclosure (WAI-ARIA pattern): a heading holding a button with aria-expanded. The body is
 * rendered only while open, so a coach with thousands of clients does not pay for closed rows.
 */
export function Collapsible({ summary, level, defaultOpen = false, className, children }: Props) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const Heading = `h${level}` as const;
  return (
    <section className={[styles.collapsible, className].filter(Boolean).join(' ')}>
      <Heading className={styles.collapsibleHeading}>
        <button type="button" className={styles.disclosure} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((v) => !v)}>
          <span className={styles.chevron} aria-hidden="true" data-open={open} />
          <span className={styles.disclosureText}>{summary}</span>
        </button>
      </Heading>
      <div id={bodyId} hidden={!open} className={styles.collapsibleBody}>
        {open && children}
      </div>
    </section>
  );
}
