/**
 * The whole flower: petals around a centre disc, names on curved arcs outside the tips,
 * an accessible name and description on the SVG, and the values again as a hidden table.
 */
import { memo } from 'react';
import { isLowerHalf, labelArcPath, petalAngles, petalPath, polar } from './lotusGeometry';
import { fittedFontSize, flowerLayout } from './lotusLayout';
import { labelColour } from './petalColours';
import type { NormalisedPetal } from './petalData';
import { PetalDrawing } from './PetalDrawing';
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
  const clipIds = { inner: `${id}-inner`, middle: `${id}-middle`, petal: `${id}-petal` };
  const strokeWidth = size >= 355 ? 1.5 : 1;
  return (
    <>
      <svg
        className="bloom-lotus__svg"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <defs>
          <clipPath id={clipIds.inner}>
            <circle r={bands[1]} />
          </clipPath>
          <clipPath id={clipIds.middle}>
            <circle r={bands[2]} />
          </clipPath>
          <clipPath id={clipIds.petal}>
            <path d={petalPath(layout.outline)} />
          </clipPath>
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
      </svg>
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
