import { EnergyChart } from '../../../components/charts/EnergyChart';
import { ShadingLegend } from '../../../components/charts/ShadingLegend';
import { SinglePetalChart } from '../../../components/charts/SinglePetalChart';
import type { PetalResultsResponse as PetalResults } from '@bloom/contracts';
import { RESULTS_TEXT } from '../content/results';

/** A petal's result chart: the shaded petal for lotus petals, the calm/aware/active bars for energy petals. */
export function PetalResultChart({ results }: { results: PetalResults }) {
  if (results.chart) {
    return (
      <>
        <SinglePetalChart petal={results.chart} />
        {/* The API names the petal, not its colour: the legend finds the petal's shades by name. */}
        <ShadingLegend colour={results.chart.id} />
      </>
    );
  }
  if (results.energyChartData) {
    return <EnergyChart items={[results.energyChartData]} deriveOverall={false} title={RESULTS_TEXT.petalEnergyTitle(results.petal.displayName)} />;
  }
  return null;
}
