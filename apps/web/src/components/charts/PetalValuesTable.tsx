/**
 * The chart's data as a table for screen readers (hidden visually, not from assistive
 * tech): petal → wellspring → inner, middle, outer, each as "Often (2)".
 */
import { formatValue, type NormalisedBand, type NormalisedPetal } from './petalData';

interface PetalValuesTableProps {
  caption: string;
  petals: readonly NormalisedPetal[];
}

const cell = (band: NormalisedBand) => `${band.label} (${formatValue(band.value)})`;

export function PetalValuesTable({ caption, petals }: PetalValuesTableProps) {
  return (
    // A table ignores a 1px width, so the hiding wrapper is a div (no horizontal overflow on phones).
    <div className="bloom-chart-sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Petal</th>
            <th scope="col">Wellspring</th>
            <th scope="col">Inner</th>
            <th scope="col">Middle</th>
            <th scope="col">Outer</th>
          </tr>
        </thead>
        {petals.map((petal) => (
          <tbody key={petal.id}>
            {petal.wellsprings.map((ws, index) => (
              <tr key={index}>
                {index === 0 && (
                  <th scope="rowgroup" rowSpan={petal.wellsprings.length}>
                    {petal.name}
                  </th>
                )}
                <th scope="row">{ws.label}</th>
                <td>{cell(ws.bands[0])}</td>
                <td>{cell(ws.bands[1])}</td>
                <td>{cell(ws.bands[2])}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
