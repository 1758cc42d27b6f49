import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from '../../../lib/router';
import { rememberedSection, rememberLeaving, rememberOpen } from '../logic/remembered-sections';
import styles from '../Coach.module.css';

interface Props {
  /** The always-visible header content (names, counts). */
  summary: ReactNode;
  /** Heading level of the header, so screen-reader users can jump between sections. */
  level: 2 | 3 | 4;
  defaultOpen?: boolean;
  /**
   * An id unique on the page: the history entry remembers the section open or closed, and the link
   * in it the coach left by, so that Back returns the page as it was left (remembered-sections.ts).
   */
  remember?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A disclosure (WAI-ARIA pattern): a heading holding a button with aria-expanded. The body is
 * rendered only while open, so a coach with thousands of clients does not pay for closed rows.
 */
export function Collapsible({ summary, level, defaultOpen = false, remember, className, children }: Props) {
  const { key } = useLocation();
  // Read once, as the section is drawn: what the page's history entry remembers of it.
  const [kept] = useState(() => (remember ? rememberedSection(key, remember) : {}));
  const [open, setOpen] = useState(kept.open ?? defaultOpen);
  const sectionRef = useRef<HTMLElement>(null);
  const bodyId = useId();
  const Heading = `h${level}` as const;

  useEffect(() => {
    if (remember) rememberOpen(key, remember, open, defaultOpen);
  }, [key, remember, open, defaultOpen]);

  // Back on the page: focus goes back to the link the coach left by (or its row, when the link is
  // gone), unless they have already moved it from where a new page puts it (<main>).
  useEffect(() => {
    const section = sectionRef.current;
    if (!remember || !kept.leftBy || !section) return;
    rememberLeaving(key, null);
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.tagName !== 'MAIN') return;
    const link = [...section.querySelectorAll('a')].find((a) => a.getAttribute('href') === kept.leftBy);
    (link ?? section.querySelector('button'))?.focus();
  }, [kept, key, remember]);

  // Before the link's own click moves the page: the entry left is still the current one.
  const noteLeaving = (event: MouseEvent) => {
    const link = (event.target as Element).closest('a');
    const plain = event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
    if (remember && plain && link && link.closest(`.${styles.collapsible}`) === sectionRef.current) {
      rememberLeaving(key, { section: remember, href: link.getAttribute('href') ?? '' });
    }
  };

  return (
    <section ref={sectionRef} className={[styles.collapsible, className].filter(Boolean).join(' ')}>
      <Heading className={styles.collapsibleHeading}>
        <button type="button" className={styles.disclosure} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((v) => !v)}>
          <span className={styles.chevron} aria-hidden="true" data-open={open} />
          <span className={styles.disclosureText}>{summary}</span>
        </button>
      </Heading>
      <div id={bodyId} hidden={!open} className={styles.collapsibleBody} onClickCapture={noteLeaving}>
        {open && children}
      </div>
    </section>
  );
}
