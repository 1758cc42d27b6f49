import { EIGHT_PETAL_COUNT } from './petalData';
import { nameList, PetalListChart, type PetalListChartProps } from './PetalListChart';

export const EIGHT_PETAL_INVALID_TEXT = 'Invalid data for Eight Petal chart';

/** The Life Lotus: eight petals at 45° steps (Body, Mind, … Efficacy, clockwise from the top). */
export function EightPetalChart(props: PetalListChartProps) {
  return (
    <PetalListChart
      {...props}
      count={EIGHT_PETAL_COUNT}
      invalidText={EIGHT_PETAL_INVALID_TEXT}
      defaultTitle={(petals) => `Life Lotus chart of eight petals: ${nameList(petals)}`}
    />
  );
}
