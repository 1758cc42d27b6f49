/**
 * One petal, large and upright (petal results page, plan): its name above, the three
 * wellspring segments with their inner, middle and outer bands, and the wellspring
 * labels with icons below in the same left-to-right order as the segments.
 */
import { WellspringIcon } from '../icons/WellspringIcon';
import { lotusWidthForContainer } from './chartSizing';
import { ChartSvg } from './ChartSvg';
import { fittedFontSize, singlePetalLayout } from './lotusLayout';
import { labelColour } from './petalColours';
import { isPetalItem, normalisePetal } from './petalData';
import { CHART_DESCRIPTION } from './PetalListChart';
import { PetalClipPaths, PetalDrawing, petalClipIds } from './PetalDrawing';
import { PetalValuesTable } from './PetalValuesTable';
import type { PetalChartItem } from './types';
import { useContainerWidth } from './useContainerWidth';
import { useSvgId } from './useSvgId';
import './charts.css';

export const SINGLE_PETAL_INVALID_TEXT = 'Invalid data for Single Petal chart';

export interface SinglePetalChartProps {
  petal: PetalChartItem | null | undefined;
  /** Accessible name; defaults to "{petal name} petal chart". */
  title?: string;
  className?: string;
}

export function SinglePetalChart({ petal, title, className }: SinglePetalChartProps) {
  const { ref, width } = useContainerWidth<HTMLDivElement>(lotusWidthForContainer);
  const id = useSvgId('petal');
  const wrapperClass = ['bloom-lotus', className].filter(Boolean).join(' ');
  if (!isPetalItem(petal)) {
    return (
      <div ref={ref} className={wrapperClass}>
        <p className="bloom-chart-message">{SINGLE_PETAL_INVALID_TEXT}</p>
      </div>
    );
  }
  const data = normalisePetal(petal);
  const layout = singlePetalLayout(lotusWidthForContainer(width));
  const { bands, fontSize } = layout;
  const clipIds = petalClipIds(id);
  const heading = title ?? `${data.name} petal chart`;
  const ink = labelColour(data.shades);
  return (
    <div ref={ref} className={wrapperClass}>
      <ChartSvg id={id} className="bloom-lotus__svg" width={layout.width} height={layout.height} title={heading} description={CHART_DESCRIPTION}>
        <defs>
          <PetalClipPaths clipIds={clipIds} bands={bands} outline={layout.outline} />
        </defs>
        <text className="bloom-lotus__label" x={layout.cx} y={layout.nameY} textAnchor="middle" fill={ink} fontSize={fontSize * 1.1}>
          {data.name}
        </text>
        <g transform={`translate(${layout.cx} ${layout.cy.toFixed(2)})`}>
          <PetalDrawing
            petal={data}
            outline={layout.outline}
            bands={bands}
            clipIds={clipIds}
            rotation={0}
            badge={layout.badge}
            strokeWidth={layout.width >= 355 ? 1.75 : 1.25}
          />
        </g>
        {data.wellsprings.map((ws, index) => {
          const x = layout.columns[index] ?? layout.cx;
          return (
            <g key={index} className="bloom-lotus__wellspring">
              {ws.icon && (
                <WellspringIcon icon={ws.icon} x={x - layout.legendIconSize / 2} y={layout.legendIconY} size={layout.legendIconSize} />
              )}
              <text
                x={x}
                y={layout.legendTextY}
                textAnchor="middle"
                fontSize={fittedFontSize(ws.label, fontSize * 0.95, layout.columnWidth - 6)}
              >
                {ws.label}
              </text>
            </g>
          );
        })}
      </ChartSvg>
      <PetalValuesTable caption={heading} petals={[data]} />
    </div>
  );
}
