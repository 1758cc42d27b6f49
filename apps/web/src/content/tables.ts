/** Texts of the shared table box (components/ui/TableScroller). */
export const TABLE_TEXT = {
  /** Shown (and read with the table's box) while the table is wider than its box. */
  scrollHint: 'Scroll sideways to see every column.',
} as const;
