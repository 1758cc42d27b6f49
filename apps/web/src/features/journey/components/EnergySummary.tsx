import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api';
import { EnergyChart } from '../../../components/charts/EnergyChart';
import { petalResultsQuery } from '../api/queries';
import type { EnergyChartItem } from '../../../components/charts/types';
import { PageLoading } from './PageStatus';
import { RESULTS_TEXT } from '../content/results';

/**
 * Energy has no four-petal chart. Its results show the calm/aware/active balance of each energy
 * petal (Activity, Excitement) and their overall average as bars. The module results normally
 * carry those items; when they do not, they are gathered from each energy petal's results.
 * `unavailable` draws a failed read (its page's: the page knows what a read with no session says).
 */
export function EnergySummary({
  items,
  petalNames,
  unavailable,
}: {
  items: EnergyChartItem[] | undefined;
  petalNames: string[];
  unavailable: (error: unknown, onRetry: () => void) => ReactNode;
}) {
  const needPetals = !items || items.length === 0;
  const petals = useQueries({ queries: needPetals ? petalNames.map((name) => petalResultsQuery(name)) : [] });
  if (!needPetals) return <EnergyChart items={items} title={RESULTS_TEXT.energyTitle} />;
  if (petals.some((p) => p.isPending)) return <PageLoading message={RESULTS_TEXT.drawingChart} />;
  // A petal whose read failed would be missing from the bars without a word: say so, with Try again.
  const failed = petals.filter((p) => p.isError);
  // A read with no session (401) is the one to say, if any: asking again cannot help it.
  if (failed.length > 0) {
    const error = failed.find((p) => p.error instanceof ApiError && p.error.status === 401)?.error ?? failed[0]?.error;
    return unavailable(error, () => failed.forEach((p) => void p.refetch()));
  }
  const gathered = petals.flatMap((p) => (p.data?.energyChartData ? [p.data.energyChartData] : []));
  return gathered.length > 0 ? <EnergyChart items={gathered} title={RESULTS_TEXT.energyTitle} /> : null;
}
