/** Wellbeing Resilience chart of the profile report: percentages (0..100), no decimals. */
import { formatPercent } from './reportChartData';
import { ReportBarChart, type ReportBarChartProps } from './ReportBarChart';

export function ResilienceChart({ data, title = 'Wellbeing resilience', className }: ReportBarChartProps) {
  return (
    <ReportBarChart
      kind="resilience"
      data={data}
      title={title}
      className={className}
      description="Bars of your resilience: the percent of your wellsprings you experience often or more. The values are listed in the table that follows."
      max={100}
      tickStep={25}
      formatValue={formatPercent}
      formatTick={formatPercent}
      toScale={(value) => value / 25}
    />
  );
}
