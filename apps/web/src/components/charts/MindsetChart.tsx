/** Mindset Positivity chart of the profile report: scores on the 0..4 scale, two decimals. */
import { formatScore } from './reportChartData';
import { ReportBarChart, type ReportBarChartProps } from './ReportBarChart';

export function MindsetChart({ data, title = 'Mindset positivity', className }: ReportBarChartProps) {
  return (
    <ReportBarChart
      kind="mindset"
      data={data}
      title={title}
      className={className}
      description="Bars of your mindset scores on the 0 to 4 response scale (4 is Very Often). The values are listed in the table that follows."
      max={4}
      tickStep={1}
      formatValue={formatScore}
      formatTick={(tick) => String(tick)}
      toScale={(value) => value}
    />
  );
}
