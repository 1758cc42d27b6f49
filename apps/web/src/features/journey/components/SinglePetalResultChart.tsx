import type { ReactNode } from 'react';
import { SinglePetalChart } from '../../../components/charts/SinglePetalChart';
import type { PetalChartItem } from '../../../components/charts/types';
import { MeasuredChart } from './MeasuredChart';

/**
 * A petal results page's shaded petal, drawn once its place (`placeholder`) is measured. The page
 * loads this module with import(), after its first paint (PetalResultChart).
 */
export function SinglePetalResultChart({ petal, placeholder }: { petal: PetalChartItem; placeholder: ReactNode }) {
  return (
    <MeasuredChart placeholder={placeholder}>
      <SinglePetalChart petal={petal} />
    </MeasuredChart>
  );
}
