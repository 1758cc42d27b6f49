import { FOUR_PETAL_COUNT } from './petalData';
import { nameList, PetalListChart, type PetalListChartProps } from './PetalListChart';

export const FOUR_PETAL_INVALID_TEXT = 'Invalid data for Four Petal chart';

/** One module's four petals at 90° steps (module results page). */
export function FourPetalChart(props: PetalListChartProps) {
  return (
    <PetalListChart
      {...props}
      count={FOUR_PETAL_COUNT}
      invalidText={FOUR_PETAL_INVALID_TEXT}
      defaultTitle={(petals) => `Four-petal chart: ${nameList(petals)}`}
    />
  );
}
