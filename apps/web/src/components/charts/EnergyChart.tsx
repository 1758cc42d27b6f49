/**
 * Energy Balance (spec 02 §2, §3, §9): one stacked bar per category (Activity Range,
 * Excitement Range, Overall Energy) with Calm at the bottom, then Aware, then Active.
 *
 * Scaling ("stacked heights are scaled by 75 to percent"): each level's 0..4 value is
 * shown as its percent of the scale, value × 25 (Very Often = 100 %), and the three
 * percents are stacked. The plot's full height is therefore 300 % — all three levels at
 * Very Often — drawn as a faint track behind each bar, and each segment is labelled
 * with its own percent, so no reader has to interpret a 300 % axis.
 */
import { reportChartSize } from './chartSizing';
import { ChartSvg } from './ChartSvg';
import {
  ENERGY_LEVEL_NAMES,
  formatPercent,
  isValidEnergyData,
  NO_VALID_DATA_TEXT,
  scalePercent,
  subCategoryLabel,
  withOverallEnergy,
} from './reportChartData';
import { groupedBarSlots, stackSegments } from './reportChartLayout';
import { ReportValuesTable } from './ReportValuesTable';
import type { EnergyChartItem } from './types';
import { useContainerWidth } from './useContainerWidth';
import { useSvgId } from './useSvgId';
import './charts.css';

/** Calm, Aware, Active: each ≥ 4.5:1 against white, so white labels and the page both contrast. */
export const ENERGY_COLOURS = ['#2b6cb0', '#2f7d57', '#b7521d'] as const;
const STACK_MAX_PERCENT = ENERGY_LEVEL_NAMES.length * 100;

export interface EnergyChartProps {
  items: readonly EnergyChartItem[] | null | undefined;
  /** Add "Overall Energy" (average of the two ranges) when it is missing; default true. */
  deriveOverall?: boolean;
  title?: string;
  className?: string;
}

const energyChartWidth = (containerWidth: number | null) => reportChartSize('energy', containerWidth).width;

const ENERGY_DESCRIPTION =
  'Stacked bars of how often you feel calm, aware and active, each as a percent of the response scale (Very ' +
  'Often is 100%). The values are listed in the table that follows.';

export function EnergyChart({ items, deriveOverall = true, title = 'Energy balance', className }: EnergyChartProps) {
  const { ref, width: containerWidth } = useContainerWidth<HTMLDivElement>(energyChartWidth);
  const id = useSvgId('energy');
  const wrapperClass = ['bloom-report-chart', className].filter(Boolean).join(' ');
  if (!isValidEnergyData(items)) {
    return (
      <div ref={ref} className={wrapperClass}>
        <p className="bloom-chart-message">{NO_VALID_DATA_TEXT}</p>
      </div>
    );
  }
  const data = deriveOverall ? withOverallEnergy(items) : [...items];
  const { width, height } = reportChartSize('energy', containerWidth);
  const fontSize = width >= 500 ? 13 : 12;
  // The category names are HTML under the bars (below), not SVG text: HTML wraps when a reader's
  // own text spacing widens them (WCAG 1.4.12, decision 0090), where SVG text ran together.
  const margin = { top: 12, right: 12, bottom: 6, left: 12 };
  const plotHeight = height - margin.top - margin.bottom;
  const bottom = margin.top + plotHeight;
  const plotWidth = width - margin.left - margin.right;
  const slots = groupedBarSlots(margin.left, plotWidth, data.map(() => 1), width >= 500 ? 96 : 76);
  return (
    <div ref={ref} className={wrapperClass}>
      {/* The bars and their names share one box as wide as the drawn chart, so the names' columns scale with it. */}
      <div className="bloom-report-chart__plot" style={{ maxWidth: width }}>
        <ChartSvg id={id} className="bloom-report-chart__svg" width={width} height={height} title={title} description={ENERGY_DESCRIPTION}>
          <line className="bloom-report-chart__baseline" x1={margin.left} x2={width - margin.right} y1={bottom} y2={bottom} />
          {data.map((item, index) => {
            const slot = slots[index]?.[0];
            if (!slot) return null;
            const heights = item.values.map((v) => (scalePercent(v) / STACK_MAX_PERCENT) * plotHeight);
            const segments = stackSegments(heights, bottom);
            return (
              <g key={`${item.category}-${index}`}>
                <rect className="bloom-report-chart__track" x={slot.x} y={margin.top} width={slot.width} height={plotHeight} rx={4} />
                {segments.map((segment, i) => {
                  const label = `${subCategoryLabel(item, i, ENERGY_LEVEL_NAMES)} ${formatPercent(scalePercent(item.values[i] ?? 0))}`;
                  return (
                    <g key={i}>
                      <rect
                        className="bloom-report-chart__segment"
                        x={slot.x}
                        y={segment.y}
                        width={slot.width}
                        height={segment.height}
                        fill={ENERGY_COLOURS[i % ENERGY_COLOURS.length]}
                      >
                        <title>{`${item.category}: ${label}`}</title>
                      </rect>
                      {segment.height >= fontSize + 6 && (
                        <text
                          className="bloom-report-chart__segment-label"
                          x={slot.centre}
                          y={segment.y + segment.height / 2}
                          dominantBaseline="central"
                          textAnchor="middle"
                          fontSize={fontSize}
                        >
                          {formatPercent(scalePercent(item.values[i] ?? 0))}
                        </text>
                      )}
                    </g>
                  );
                })}
              </g>
            );
          })}
        </ChartSvg>
        {/* Each name centred under its bar: equal columns across the plot, as the bars' slots are.
            Hidden from screen readers like the SVG's own text was: the chart's table names them. */}
        <ol
          className="bloom-report-chart__categories"
          aria-hidden="true"
          style={{
            paddingInline: `${(margin.left / width) * 100}% ${(margin.right / width) * 100}%`,
            gridTemplateColumns: `repeat(${data.length}, minmax(0, 1fr))`,
            fontSize,
          }}
        >
          {data.map((item, index) => (
            <li key={`${item.category}-${index}`}>{item.category}</li>
          ))}
        </ol>
      </div>
      <ul className="bloom-report-chart__legend" aria-hidden="true">
        {ENERGY_LEVEL_NAMES.map((name, i) => (
          <li key={name}>
            <span className="bloom-report-chart__legend-swatch" style={{ background: ENERGY_COLOURS[i] }} />
            {subCategoryLabel(data[0] ?? { category: '', values: [] }, i, ENERGY_LEVEL_NAMES)}
          </li>
        ))}
      </ul>
      <ReportValuesTable
        caption={title}
        items={data}
        fallbackLabels={ENERGY_LEVEL_NAMES}
        format={(value) => `${formatPercent(scalePercent(value))} (${value.toFixed(2)} of 4)`}
      />
    </div>
  );
}
