/**
 * The bundled baseline norms and the live/baseline selector. The baseline is synthetic
 * (simulated profiles, no real people; see its provenance field and
 * scripts/generate-baseline-norms.ts) and always flagged provisional.
 */
import baselineSource from './baseline-norms.json';
import { MIN_LIVE_POPULATION, NormsSchema, type Norms } from './norms';

/** The bundled provisional baseline, validated at load. */
export const baselineNorms: Norms = NormsSchema.parse(baselineSource);

/** Live norms once they cover at least 100 people; the baseline until then. */
export function selectNorms(live: Norms | null | undefined, baseline: Norms = baselineNorms): Norms {
  return live && live.population.n >= MIN_LIVE_POPULATION ? live : baseline;
}
