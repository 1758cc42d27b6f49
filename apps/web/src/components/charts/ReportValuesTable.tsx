/** A report chart's values as a table for screen readers: category → measure → value. */
import { subCategoryLabel } from './reportChartData';
import type { ReportChartItem } from './types';
import { ValuesTable } from './ValuesTable';

interface ReportValuesTableProps {
  caption: string;
  items: readonly ReportChartItem[];
  format: (value: number) => string;
  fallbackLabels?: readonly string[];
}

const COLUMNS = ['Category', 'Measure', 'Value'];

export function ReportValuesTable({ caption, items, format, fallbackLabels }: ReportValuesTableProps) {
  const groups = items.map((item, index) => ({
    key: `${item.category}-${index}`,
    heading: item.category,
    rows: item.values.map((value, i) => ({ heading: subCategoryLabel(item, i, fallbackLabels), cells: [format(value)] })),
  }));
  return <ValuesTable caption={caption} columns={COLUMNS} groups={groups} />;
}
