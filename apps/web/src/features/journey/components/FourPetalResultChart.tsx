import type { ReactNode } from 'react';
import { FourPetalChart } from '../../../components/charts/FourPetalChart';
import type { PetalChartItem } from '../../../components/charts/types';
import { MeasuredChart } from './MeasuredChart';

/**
 * A module results page's four petals, drawn once their place (`placeholder`, which the chart also
 * shows until it has its width) is measured. The page loads this module with import(), after its
 * first paint (ModuleResultsPage).
 */
export function FourPetalResultChart({ data, placeholder }: { data: readonly PetalChartItem[]; placeholder: ReactNode }) {
  return (
    <MeasuredChart placeholder={placeholder}>
      <FourPetalChart data={data} pending={placeholder} />
    </MeasuredChart>
  );
}
