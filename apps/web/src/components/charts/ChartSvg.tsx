import type { ReactNode } from 'react';

interface ChartSvgProps {
  /** The chart's id prefix (useSvgId): the title and description take `-title` and `-desc`. */
  id: string;
  className: string;
  width: number;
  height: number;
  /** The chart's accessible name. */
  title: string;
  /** What the chart shows, and where its values are listed as text. */
  description: ReactNode;
  children: ReactNode;
}

/**
 * Every chart's SVG: one image to assistive technology, named by its title and described by
 * its description; the values themselves follow in a table.
 */
export function ChartSvg({ id, className, width, height, title, description, children }: ChartSvgProps) {
  return (
    <svg className={className} role="img" aria-labelledby={`${id}-title ${id}-desc`} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  );
}
