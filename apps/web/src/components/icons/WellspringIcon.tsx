import { ICON_FRAME, iconShapes } from './wellspringIconShapes';

export interface WellspringIconProps {
  /** File name such as "rest.svg", as the API names it. */
  icon: string;
  size: number;
  /** Position inside a parent SVG; omitted in HTML. */
  x?: number;
  y?: number;
  className?: string;
}

/**
 * A wellspring icon drawn inline (see wellspringIconShapes.ts for why not as an image). Works in
 * HTML and inside a chart's SVG alike. Decorative: the wellspring's name is always written next
 * to it. Nothing is drawn for a name without an icon file.
 */
export function WellspringIcon({ icon, size, x, y, className }: WellspringIconProps) {
  const shapes = iconShapes(icon);
  if (!shapes) return null;
  return (
    <svg {...ICON_FRAME} className={className} x={x} y={y} width={size} height={size} aria-hidden="true" focusable="false">
      {shapes.map((shape, index) =>
        shape.kind === 'path' ? (
          <path key={index} d={shape.d} strokeWidth={shape.strokeWidth} />
        ) : (
          <circle key={index} cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.fill} />
        ),
      )}
    </svg>
  );
}
