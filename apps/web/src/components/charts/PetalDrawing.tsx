/**
 * One petal drawn in local coordinates (flower centre at the origin, petal pointing up):
 * three wellspring segments side by side, each with inner, middle and outer bands in
 * the shade of its value, thin light dividers between the cells and a dark outline so
 * the petal stands out from the page (WCAG 1.4.11).
 */
import { WellspringIcon } from '../icons/WellspringIcon';
import { dividerPath, petalPath, pointAtRadius, segmentEdges, segmentPath, type PetalOutline } from './lotusGeometry';
import type { IconBadge } from './lotusLayout';
import { formatValue, type NormalisedPetal } from './petalData';


/** Ids of the clip paths shared by every petal of one chart. */
export interface PetalClipIds {
  /** Circle of the inner band's outer radius. */
  readonly inner: string;
  /** Circle of the middle band's outer radius. */
  readonly middle: string;
  /** The petal outline (all petals of a chart share one shape). */
  readonly petal: string;
}

/** The clip path ids of one chart whose SVG ids start with `id` (useSvgId). */
export const petalClipIds = (id: string): PetalClipIds => ({ inner: `${id}-inner`, middle: `${id}-middle`, petal: `${id}-petal` });

/** The clip paths every PetalDrawing of a chart refers to, for the chart's `<defs>`. */
export function PetalClipPaths({ clipIds, bands, outline }: { clipIds: PetalClipIds; bands: PetalDrawingProps['bands']; outline: PetalOutline }) {
  return (
    <>
      <clipPath id={clipIds.inner}>
        <circle r={bands[1]} />
      </clipPath>
      <clipPath id={clipIds.middle}>
        <circle r={bands[2]} />
      </clipPath>
      <clipPath id={clipIds.petal}>
        <path d={petalPath(outline)} />
      </clipPath>
    </>
  );
}

interface PetalDrawingProps {
  petal: NormalisedPetal;
  outline: PetalOutline;
  bands: readonly [number, number, number, number];
  clipIds: PetalClipIds;
  /** The petal's rotation, undone for its icons so they stay upright. */
  rotation: number;
  badge: IconBadge | null;
  strokeWidth: number;
}

/** Hover text of a segment (the SVG is one image to assistive tech; the table carries the data). */
function segmentTooltip(petal: NormalisedPetal, index: number): string {
  const ws = petal.wellsprings[index];
  if (!ws) return petal.name;
  const bands = ws.bands.map((b) => `${b.band} ${b.label} (${formatValue(b.value)})`).join(', ');
  return `${petal.name}, ${ws.label}: ${bands}`;
}

export function PetalDrawing({ petal, outline, bands, clipIds, rotation, badge, strokeWidth }: PetalDrawingProps) {
  const segmentCount = petal.wellsprings.length;
  const edges = segmentEdges(segmentCount);
  const innerDividers = edges.slice(1, -1);
  const url = (id: string) => `url(#${id})`;
  return (
    <g className="bloom-lotus__petal" transform={rotation ? `rotate(${rotation})` : undefined}>
      {petal.wellsprings.map((ws, index) => {
        const d = segmentPath(outline, index, segmentCount);
        const [inner, middle, outer] = ws.bands;
        return (
          <g key={index}>
            <title>{segmentTooltip(petal, index)}</title>
            <path d={d} fill={petal.shades[outer.shade]} />
            <path d={d} fill={petal.shades[middle.shade]} clipPath={url(clipIds.middle)} />
            <path d={d} fill={petal.shades[inner.shade]} clipPath={url(clipIds.inner)} />
          </g>
        );
      })}
      <g className="bloom-lotus__cell-lines" clipPath={url(clipIds.petal)} strokeWidth={strokeWidth}>
        <circle r={bands[1]} />
        <circle r={bands[2]} />
        {innerDividers.map((fraction) => (
          <path key={fraction} d={dividerPath(outline, fraction)} />
        ))}
      </g>
      <path className="bloom-lotus__outline" d={petalPath(outline)} stroke={petal.shades[4]} strokeWidth={strokeWidth} />
      {badge &&
        petal.wellsprings.map((ws, index) => {
          if (!ws.icon) return null;
          const centreFraction = ((edges[index] ?? 0) + (edges[index + 1] ?? 0)) / 2;
          const at = pointAtRadius(outline, centreFraction, badge.radius);
          const iconSize = badge.diameter * 0.68;
          return (
            <g key={index} transform={`translate(${at.x.toFixed(2)} ${at.y.toFixed(2)}) rotate(${-rotation})`}>
              <circle className="bloom-lotus__badge" r={badge.diameter / 2} stroke={petal.shades[4]} />
              <WellspringIcon icon={ws.icon} x={-iconSize / 2} y={-iconSize / 2} size={iconSize} />
            </g>
          );
        })}
    </g>
  );
}
