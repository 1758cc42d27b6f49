import { lazy, Suspense } from 'react';
import { ShadingLegend } from '../../../components/charts/ShadingLegend';
import type { PetalResultsResponse as PetalResults } from '@bloom/contracts';
import { RESULTS_TEXT } from '../content/results';
import { PageLoading } from './PageStatus';
import { PetalPlaceholder } from './PetalPlaceholder';

/*
 * The charts' code is not in the petal results page's first paint: the page starts its download
 * on its first render (`loadPetalChart`), alongside the read of the results.
 */
const loadSinglePetalChart = () => import('./SinglePetalResultChart');
const SinglePetalResultChart = lazy(async () => ({ default: (await loadSinglePetalChart()).SinglePetalResultChart }));
const loadEnergyChart = () => import('./PetalEnergyChart');
const PetalEnergyChart = lazy(async () => ({ default: (await loadEnergyChart()).PetalEnergyChart }));

/** Starts the download of the chart a petal of this module is drawn with: energy bars for Energy, a shaded petal otherwise. */
export function loadPetalChart(moduleName: string): void {
  if (moduleName.toLowerCase() === 'energy') {
    void loadEnergyChart();
    return;
  }
  void loadSinglePetalChart();
}

/** The petal's place until it is drawn: a box of its size, saying what is coming. */
const DRAWING_PETAL = (
  <PetalPlaceholder>
    <PageLoading message={RESULTS_TEXT.drawingChart} />
  </PetalPlaceholder>
);

/**
 * A petal's result chart: the shaded petal for lotus petals, the calm/aware/active bars for energy
 * petals. The petal is drawn after the page's text, in a box of its size until then (its legend
 * already under it), and once that box is measured (SinglePetalResultChart). The bars, whose
 * height with their legend only their code knows, suspend to the page, which keeps its loading
 * line until they can be drawn.
 */
export function PetalResultChart({ results }: { results: PetalResults }) {
  if (results.chart) {
    return (
      <>
        <Suspense fallback={DRAWING_PETAL}>
          <SinglePetalResultChart petal={results.chart} placeholder={DRAWING_PETAL} />
        </Suspense>
        {/* The API names the petal, not its colour: the legend finds the petal's shades by name. */}
        <ShadingLegend colour={results.chart.id} />
      </>
    );
  }
  if (results.energyChartData) {
    return <PetalEnergyChart item={results.energyChartData} petalName={results.petal.displayName} />;
  }
  return null;
}
