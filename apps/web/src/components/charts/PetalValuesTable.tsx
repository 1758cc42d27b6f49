/**
 * The chart's data as a table for screen readers: petal → wellspring → inner, middle, outer,
 * each as "Often (2)".
 */
import { formatValue, type NormalisedBand, type NormalisedPetal } from './petalData';
import { ValuesTable } from './ValuesTable';

interface PetalValuesTableProps {
  caption: string;
  petals: readonly NormalisedPetal[];
}

const COLUMNS = ['Petal', 'Wellspring', 'Inner', 'Middle', 'Outer'];

const cell = (band: NormalisedBand) => `${band.label} (${formatValue(band.value)})`;

export function PetalValuesTable({ caption, petals }: PetalValuesTableProps) {
  const groups = petals.map((petal) => ({
    key: petal.id,
    heading: petal.name,
    rows: petal.wellsprings.map((ws) => ({ heading: ws.label, cells: [cell(ws.bands[0]), cell(ws.bands[1]), cell(ws.bands[2])] })),
  }));
  return <ValuesTable caption={caption} columns={COLUMNS} groups={groups} />;
}
