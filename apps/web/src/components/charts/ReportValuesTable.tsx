/** A report chart's values as a table for screen readers (visually hidden). */
import type { ReportChartItem } from './types';
import { subCategoryLabel } from './reportChartData';

interface ReportValuesTableProps {
  caption: string;
  items: readonly ReportChartItem[];
  format: (value: number) => string;
  fallbackLabels?: readonly string[];
}

export function ReportValuesTable({ caption, items, format, fallbackLabels }: ReportValuesTableProps) {
  return (
    // A table ignores a 1px width, so the hiding wrapper is a div (no horizontal overflow on phones).
    <div className="bloom-chart-sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Measure</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        {items.map((item, index) => (
          <tbody key={`${item.category}-${index}`}>
            {item.values.map((value, i) => (
              <tr key={i}>
                {i === 0 && (
                  <th scope="rowgroup" rowSpan={item.values.length}>
                    {item.category}
                  </th>
                )}
                <th scope="row">{subCategoryLabel(item, i, fallbackLabels)}</th>
                <td>{format(value)}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
