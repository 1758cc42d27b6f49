/** One group of rows under a heading that spans them (a petal's wellsprings, a category's measures). */
export interface ValuesTableGroup {
  key: string;
  heading: string;
  rows: ReadonlyArray<{ heading: string; cells: readonly string[] }>;
}

interface ValuesTableProps {
  caption: string;
  /** The column headings: the group's, the row's, then one per cell. */
  columns: readonly string[];
  groups: readonly ValuesTableGroup[];
}

/**
 * A chart's values as a table for screen readers (hidden visually, not from assistive tech): the
 * chart's SVG is one image to them, so this is where they read its numbers.
 */
export function ValuesTable({ caption, columns, groups }: ValuesTableProps) {
  return (
    // A table ignores a 1px width, so the hiding wrapper is a div (no horizontal overflow on phones).
    <div className="bloom-chart-sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.key}>
            {group.rows.map((row, index) => (
              <tr key={index}>
                {index === 0 && (
                  <th scope="rowgroup" rowSpan={group.rows.length}>
                    {group.heading}
                  </th>
                )}
                <th scope="row">{row.heading}</th>
                {row.cells.map((cell, column) => (
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
