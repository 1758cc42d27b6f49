import type { EnergyChartItem } from '../../../components/charts/types';
import { EnergyChart } from '../../../components/charts/EnergyChart';
import { RESULTS_TEXT } from '../content/results';

/**
 * An energy petal's calm/aware/active bars. A module of its own so that the petal results page
 * loads it with import() rather than the chart's file, which the coach supplement's first paint
 * carries (a module loaded with import() gets a namespace object in its chunk).
 */
export function PetalEnergyChart({ item, petalName }: { item: EnergyChartItem; petalName: string }) {
  return <EnergyChart items={[item]} deriveOverall={false} title={RESULTS_TEXT.petalEnergyTitle(petalName)} />;
}
