/**
 * The chart's data as a table for screen readers: petal → wellspring → inner, middle, outer,
 * each as "Often (2)"; one column for all three when every wellspring's rings agree.
 */
import { formatValue, type NormalisedBand, type NormalisedPetal } from './petalData';
import { ValuesTable } from './ValuesTable';

interface PetalValuesTableProps {
  caption: string;
  petals: readonly NormalisedPetal[];
}

const RING_COLUMNS = ['Petal', 'Wellspring', 'Inner', 'Middle', 'Outer'];
/** When every wellspring's rings carry one value (a Rapid answer, a petal drawn from averages). */
const ONE_VALUE_COLUMNS = ['Petal', 'Wellspring', 'Inner, middle and outer'];

const cell = (band: NormalisedBand) => `${band.label} (${formatValue(band.value)})`;

export function PetalValuesTable({ caption, petals }: PetalValuesTableProps) {
  // A screen reader would otherwise read the same value three times on every row.
  const oneValue = petals.every((petal) => petal.wellsprings.every((ws) => ws.bands.every((band) => band.value === ws.bands[0].value)));
  const groups = petals.map((petal) => ({
    key: petal.id,
    heading: petal.name,
    rows: petal.wellsprings.map((ws) => ({ heading: ws.label, cells: oneValue ? [cell(ws.bands[0])] : ws.bands.map(cell) })),
  }));
  return <ValuesTable caption={caption} columns={oneValue ? ONE_VALUE_COLUMNS : RING_COLUMNS} groups={groups} />;
}
