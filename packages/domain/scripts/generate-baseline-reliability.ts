/**
 * Regenerates src/benchmark/baseline-reliability.json: Cronbach's α, mean and SD of every
 * scale (overall, modules, petals) per form, used for reliable change (DESIGN §13) until
 * live figures rest on 100 assessments.
 *
 * HONESTY NOTE: computed from the SAME simulated profiles as baseline-norms.json
 * (scripts/baseline-simulation.ts, seed 20260305), not from real people and not taken from
 * any publication. The item-level answers are simulated from a latent-trait model whose
 * parameters the Bloom team chose, so α here reflects that model (how strongly its factors
 * tie the items together), not how Bloom's items behave in people. Treat as provisional.
 *
 * It prints the JSON (the domain package does no I/O of its own). Run:
 *   node --import tsx packages/domain/scripts/generate-baseline-reliability.ts > packages/domain/src/benchmark/baseline-reliability.json
 */
import { computeScaleFigures } from '../src/statistics/scale-figures';
import { BASELINE_PROFILES, BASELINE_SEED, MODEL, PROFESSIONAL_SHARE, simulateBaselineProfiles } from './baseline-simulation';

const figures = computeScaleFigures(simulateBaselineProfiles(), {
  source: 'baseline',
  computedAt: null,
  provenance:
    `SYNTHETIC, PROVISIONAL. Cronbach's alpha (listwise), mean and SD (n - 1) of each scale per form, computed with ` +
    `computeScaleFigures from the item-level answers of the same ${BASELINE_PROFILES} simulated response profiles ` +
    `(no real people) as baseline-norms.json: packages/domain/scripts/baseline-simulation.ts, seed ${BASELINE_SEED}, ` +
    `about ${Math.round(PROFESSIONAL_SHARE * 100)}% Professional, latent-trait model parameters set by the Bloom team ` +
    `(${Object.entries(MODEL).map(([k, v]) => `${k} ${v}`).join(', ')}). Regenerate with ` +
    `packages/domain/scripts/generate-baseline-reliability.ts. These figures describe the simulation model, not how ` +
    `people answer; live figures from research-consenting completed assessments replace them per measure and form ` +
    `once they rest on 100 assessments.`,
});

console.log(JSON.stringify(figures, null, 2));
