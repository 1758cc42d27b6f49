import type { ReactNode } from 'react';
import { TableScroller } from './TableScroller';

interface TableProps {
  /** The table's name: its caption's text, which also names the scrolling box; unique on the page. */
  label: string;
  /** What the caption shows, when it is more than the label (a badge, a note); the label otherwise. */
  caption?: ReactNode;
  /** The caption for screen readers only: the heading above already names the table on screen. */
  hideCaption?: boolean;
  /** The feature's look for the table (its cells' padding, borders, header colours). */
  className?: string;
  /** The scrolling box's own look (a border, a radius). */
  boxClassName?: string;
  /** The table's rows: `<thead>`, `<tbody>`. */
  children: ReactNode;
}

/**
 * A data table of the UI kit, in the box that lets it scroll sideways on a narrow screen
 * (TableScroller) instead of the page. Its base look is the global `bloom-table` class of
 * `styles/scaffold.css`; the feature's `className` adds its own.
 *
 *   <Table label="Your scores" className={styles.table}>
 *     <thead>…</thead>
 *     <tbody>…</tbody>
 *   </Table>
 */
export function Table({ label, caption, hideCaption = false, className, boxClassName, children }: TableProps) {
  return (
    <TableScroller label={label} className={boxClassName}>
      <table className={className ? `bloom-table ${className}` : 'bloom-table'}>
        <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption ?? label}</caption>
        {children}
      </table>
    </TableScroller>
  );
}
