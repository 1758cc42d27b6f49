/**
 * Shared body of the eight- and four-petal charts: validate the list (spec 01 §5), size
 * the flower from the wrapper's width (spec 01 §9) and draw it.
 */
import { useMemo, type ReactNode } from 'react';
import { LotusPlaceholder } from './LazyEightPetalChart';
import { lotusWidthForContainer } from './chartSizing';
import { LotusFlower } from './LotusFlower';
import { isPetalList, normalisePetal, type NormalisedPetal } from './petalData';
import type { PetalChartItem } from './types';
import { useContainerWidth } from './useContainerWidth';
import './charts.css';

export interface PetalListChartProps {
  /** The list from the API; anything but exactly the expected number of items is invalid. */
  data: readonly PetalChartItem[] | null | undefined;
  /** Accessible name of the chart; a default naming the petals is used otherwise. */
  title?: string;
  className?: string;
  /** Shown in the chart's place until its width is measured (useContainerWidth's `guessing`): a lotus-sized square by default. */
  pending?: ReactNode;
}

interface Props extends PetalListChartProps {
  count: number;
  invalidText: string;
  defaultTitle: (petals: readonly NormalisedPetal[]) => string;
}

export const CHART_DESCRIPTION =
  'Each petal is split into three wellsprings, and each wellspring into inner, middle and outer bands ' +
  'from the centre outwards. Darker shades mean more often: Rarely, Sometimes, Often, Usually, Very Often. ' +
  'The values are listed in the table that follows.';

export function PetalListChart({ data, count, invalidText, defaultTitle, title, className, pending = <LotusPlaceholder /> }: Props) {
  // Drawn once measured, not at the screen's width first (see useContainerWidth).
  const { ref, width, guessing } = useContainerWidth<HTMLDivElement>(lotusWidthForContainer, true);
  // Validated once per data; the same array while the data is the same, so a re-measured width
  // that keeps the size leaves the (memoised) flower as it is. Null when the data is invalid.
  const petals = useMemo(() => (isPetalList(data, count) ? data.map(normalisePetal) : null), [data, count]);
  return (
    <div ref={ref} className={['bloom-lotus', className].filter(Boolean).join(' ')}>
      {guessing ? pending : petals ? (
        <LotusFlower
          petals={petals}
          size={lotusWidthForContainer(width)}
          title={title ?? defaultTitle(petals)}
          description={CHART_DESCRIPTION}
        />
      ) : (
        <p className="bloom-chart-message">{invalidText}</p>
      )}
    </div>
  );
}

/** "Body, Mind, Connection and Purpose". */
export function nameList(petals: readonly NormalisedPetal[]): string {
  const names = petals.map((p) => p.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}
