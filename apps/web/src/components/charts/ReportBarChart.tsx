/**
 * Grouped bar chart shared by the mindset and resilience charts: one group per item,
 * one bar per value, a value axis with gridlines, bars coloured on the response scale
 * (orange → pale → blue) with a dark edge so even the pale middle of the scale stands
 * out from the page (WCAG 1.4.11).
 */
import { reportChartSize, type ReportChartKind } from './chartSizing';
import { ChartSvg } from './ChartSvg';
import { fittedFontSize } from './lotusLayout';
import { axisTicks, isValidReportData, NO_VALID_DATA_TEXT, responseColour, subCategoryLabel } from './reportChartData';
import { BAR_GAP, groupedBarSlots, valueToY } from './reportChartLayout';
import { ReportValuesTable } from './ReportValuesTable';
import type { ReportChartItem } from './types';
import { useContainerWidth } from './useContainerWidth';
import { useSvgId } from './useSvgId';
import './charts.css';

export interface ReportBarChartProps {
  data: readonly ReportChartItem[] | null | undefined;
  title?: string;
  className?: string;
}

interface Props extends ReportBarChartProps {
  kind: ReportChartKind;
  title: string;
  description: string;
  max: number;
  tickStep: number;
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
  /** The value on the 0..4 response scale, for its colour. */
  toScale: (value: number) => number;
}

export function ReportBarChart(props: Props) {
  const { data, kind, title, description, max, tickStep, formatValue, formatTick, toScale, className } = props;
  const { ref, width: containerWidth } = useContainerWidth<HTMLDivElement>((width) => reportChartSize(kind, width).width);
  const id = useSvgId(kind);
  const wrapperClass = ['bloom-report-chart', className].filter(Boolean).join(' ');
  if (!isValidReportData(data)) {
    return (
      <div ref={ref} className={wrapperClass}>
        <p className="bloom-chart-message">{NO_VALID_DATA_TEXT}</p>
      </div>
    );
  }
  const { width, height } = reportChartSize(kind, containerWidth);
  const fontSize = width >= 450 ? 13 : 12;
  const margin = { top: fontSize * 1.8, right: 12, bottom: fontSize * 3.6, left: fontSize * 3.2 };
  const plotHeight = height - margin.top - margin.bottom;
  const plotWidth = width - margin.left - margin.right;
  const bottom = margin.top + plotHeight;
  const slots = groupedBarSlots(margin.left, plotWidth, data.map((item) => item.values.length), width >= 450 ? 64 : 48);
  const groupWidth = plotWidth / data.length;
  return (
    <div ref={ref} className={wrapperClass}>
      <ChartSvg id={id} className="bloom-report-chart__svg" width={width} height={height} title={title} description={description}>
        {axisTicks(max, tickStep).map((tick) => {
          const y = valueToY(tick, max, bottom, plotHeight);
          return (
            <g key={tick}>
              <line className={tick === 0 ? 'bloom-report-chart__baseline' : 'bloom-report-chart__grid'} x1={margin.left} x2={width - margin.right} y1={y} y2={y} />
              <text className="bloom-report-chart__tick" x={margin.left - 6} y={y} textAnchor="end" dominantBaseline="central" fontSize={fontSize - 1}>
                {formatTick(tick)}
              </text>
            </g>
          );
        })}
        {data.map((item, group) => {
          const bars = slots[group] ?? [];
          const groupCentre = margin.left + groupWidth * (group + 0.5);
          // A label may use its bar's width plus the gap; a lone bar the whole group.
          const labelRoom = item.values.length > 1 ? (bars[0]?.width ?? 0) * (1 + BAR_GAP) - 4 : groupWidth - 8;
          // A lone bar named like its group needs its name only once.
          const repeatsCategory =
            item.values.length === 1 && subCategoryLabel(item, 0).toLowerCase() === item.category.trim().toLowerCase();
          return (
            <g key={`${item.category}-${group}`}>
              {item.values.map((value, i) => {
                const slot = bars[i];
                if (!slot) return null;
                const y = valueToY(value, max, bottom, plotHeight);
                const label = subCategoryLabel(item, i);
                return (
                  <g key={i}>
                    <rect
                      className="bloom-report-chart__bar"
                      x={slot.x}
                      y={y}
                      width={slot.width}
                      height={Math.max(0, bottom - y)}
                      fill={responseColour(toScale(value))}
                    >
                      <title>{`${item.category}, ${label}: ${formatValue(value)}`}</title>
                    </rect>
                    <text className="bloom-report-chart__value" x={slot.centre} y={y - 6} textAnchor="middle" fontSize={fontSize}>
                      {formatValue(value)}
                    </text>
                    <text
                      className="bloom-report-chart__sub"
                      x={slot.centre}
                      y={bottom + fontSize * 1.3}
                      textAnchor="middle"
                      fontSize={fittedFontSize(label, fontSize - 1, labelRoom)}
                    >
                      {label}
                    </text>
                  </g>
                );
              })}
              {!repeatsCategory && (
                <text
                  className="bloom-report-chart__category"
                  x={groupCentre}
                  y={bottom + fontSize * 2.9}
                  textAnchor="middle"
                  fontSize={fittedFontSize(item.category, fontSize, groupWidth - 8)}
                >
                  {item.category}
                </text>
              )}
            </g>
          );
        })}
      </ChartSvg>
      <ReportValuesTable caption={title} items={data} format={formatValue} />
    </div>
  );
}
