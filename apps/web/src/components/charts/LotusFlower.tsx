/**
 * The whole flower: petals around a centre disc, names on curved arcs outside the tips,
 * an accessible name and description on the SVG, and the values again as a hidden table.
 */
import { memo } from 'react';
import { ChartSvg } from './ChartSvg';
import { isLowerHalf, labelArcPath, petalAngles, polar } from './lotusGeometry';
import { fittedFontSize, flowerLayout } from './lotusLayout';
import { labelColour } from './petalColours';
import type { NormalisedPetal } from './petalData';
import { PetalClipPaths, PetalDrawing, petalClipIds } from './PetalDrawing';
import { PetalValuesTable } from './PetalValuesTable';
import { useSvgId } from './useSvgId';

interface LotusFlowerProps {
  petals: readonly NormalisedPetal[];
  size: number;
  title: string;
  description: string;
}

/** Memoised: drawing the flower is the heaviest render on the results pages, and its props rarely change. */
export const LotusFlower = memo(function LotusFlower({ petals, size, title, description }: LotusFlowerProps) {
  const id = useSvgId('lotus');
  const layout = flowerLayout(size, petals.length);
  const angles = petalAngles(petals.length);
  const { centre, bands } = layout;
  const clipIds = petalClipIds(id);
  const strokeWidth = size >= 355 ? 1.5 : 1;
  return (
    <>
      <ChartSvg id={id} className="bloom-lotus__svg" width={size} height={size} title={title} description={description}>
        <defs>
          <PetalClipPaths clipIds={clipIds} bands={bands} outline={layout.outline} />
          <radialGradient id={`${id}-disc`}>
            <stop offset="0%" stopColor="#fffaf0" />
            <stop offset="70%" stopColor="#f8e7b8" />
            <stop offset="100%" stopColor="#e9c979" />
          </radialGradient>
          {angles.map((angle, index) => (
            <path
              key={index}
              id={`${id}-arc-${index}`}
              d={labelArcPath(
                centre,
                centre,
                isLowerHalf(angle) ? layout.labelRadiusLower : layout.labelRadiusUpper,
                angle,
                layout.labelHalfSpan,
              )}
            />
          ))}
        </defs>
        <g transform={`translate(${centre} ${centre})`}>
          {petals.map((petal, index) => (
            <PetalDrawing
              key={petal.id}
              petal={petal}
              outline={layout.outline}
              bands={bands}
              clipIds={clipIds}
              rotation={angles[index] ?? 0}
              badge={layout.badge}
              strokeWidth={strokeWidth}
            />
          ))}
          <circle className="bloom-lotus__disc" r={layout.discRadius} fill={`url(#${id}-disc)`} />
          {layout.discRadius >= 14 && <SeedPod radius={layout.discRadius} />}
        </g>
        {petals.map((petal, index) => (
          <text
            key={petal.id}
            className="bloom-lotus__label"
            fill={labelColour(petal.shades)}
            fontSize={fittedFontSize(petal.name, layout.fontSize, layout.labelRoom)}
          >
            <textPath href={`#${id}-arc-${index}`} startOffset="50%" textAnchor="middle">
              {petal.name}
            </textPath>
          </text>
        ))}
      </ChartSvg>
      <PetalValuesTable caption={title} petals={petals} />
    </>
  );
});

/** The seed pod of a lotus: a few soft dots in the centre disc (decoration only). */
function SeedPod({ radius }: { radius: number }) {
  const dot = radius * 0.1;
  const ring = petalAngles(6).map((angle) => polar(0, 0, radius * 0.5, angle + 30));
  return (
    <g className="bloom-lotus__pod">
      <circle r={dot} />
      {ring.map((p, i) => (
        <circle key={i} cx={p.x.toFixed(2)} cy={p.y.toFixed(2)} r={dot} />
      ))}
    </g>
  );
}
