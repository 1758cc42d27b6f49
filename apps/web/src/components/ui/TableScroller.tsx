import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { TABLE_TEXT } from '../../content/tables';
import styles from './TableScroller.module.css';

/** Which sides of a table have columns out of sight. */
export type HiddenColumns = 'none' | 'right' | 'left' | 'both';

/** What is out of sight in a box of this width showing this much of a table scrolled this far. */
export function hiddenColumns(scrollLeft: number, clientWidth: number, scrollWidth: number): HiddenColumns {
  // A pixel of rounding (zoom, fractional widths) is not a column.
  const left = scrollLeft > 1;
  const right = scrollLeft + clientWidth < scrollWidth - 1;
  if (left && right) return 'both';
  if (left) return 'left';
  return right ? 'right' : 'none';
}

interface TableScrollerProps {
  /** The table's name (its caption's text), which names the box for screen readers while it scrolls; unique on the page. */
  label: string;
  /** One table. */
  children: ReactNode;
  /** The scrolling box's own look (a border, a radius), from the feature's stylesheet. */
  className?: string;
}

/**
 * The box every table sits in (issue 23): on a narrow screen a wide table scrolls sideways
 * inside it and the page never does. While columns are out of sight the box is a named region
 * that can be focused and scrolled with the keyboard, the edge they hide behind is shaded, and a
 * short line says so, read with the box by screen readers. A table that fits shows none of it.
 */
export function TableScroller({ label, children, className }: TableScrollerProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [hidden, setHidden] = useState<HiddenColumns>('none');

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setHidden(hiddenColumns(box.scrollLeft, box.clientWidth, box.scrollWidth));
    box.addEventListener('scroll', measure, { passive: true });
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return () => box.removeEventListener('scroll', measure);
    }
    // The observer's first report comes after the browser's own layout and before it paints, so
    // the box is measured without forcing the page's layout inside React's commit (one long task
    // where the browser would otherwise run two); a change is drawn at once (flushSync), so the
    // hint never appears a frame late and moves the table down. The box's width follows the
    // page's; the table's follows its content (rows arrive later).
    const observer = new ResizeObserver(() => flushSync(measure));
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);

  const scrolls = hidden !== 'none';
  return (
    <div className={styles.frame} data-hidden-columns={hidden}>
      {scrolls && (
        <p id={hintId} className={styles.hint}>
          {TABLE_TEXT.scrollHint}
          <span aria-hidden="true"> →</span>
        </p>
      )}
      <div className={styles.shade}>
        <div
          ref={boxRef}
          className={className ? `${styles.box} ${className}` : styles.box}
          // A named region that keyboard users can focus and scroll (WCAG 2.1.1), only while there is
          // something to scroll to: a table that fits is no extra tab stop and no extra landmark.
          role={scrolls ? 'region' : undefined}
          aria-label={scrolls ? label : undefined}
          tabIndex={scrolls ? 0 : undefined}
          aria-describedby={scrolls ? hintId : undefined}
        >
          {children}
        </div>
      </div>
    </div>
  );
}
