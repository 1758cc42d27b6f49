/**
 * The simulated answer profiles behind the bundled baseline (norms and reliability figures).
 *
 * HONESTY NOTE: these are not measurements of real people. Each profile's answers come from
 * a simple latent-trait model whose parameters the Bloom team chose (a general well-being
 * factor, a module factor, an orientation factor and a wellspring factor, plus item noise),
 * rounded and clamped to the 0..4 scale. Figures computed from them (means, SDs, and
 * Cronbach's α) describe this model, not any population, and are provisional.
 *
 * Both generators use this one function, so the norms and the reliability figures describe
 * the same 1000 profiles (seed 20260305). The random draws are made in the same order as
 * before this function was shared, so baseline-norms.json is unchanged by the move.
 */
import { answersForAll, mulberry32 } from '../src/testing/answers';
import { indexContent } from '../src/content/content-index';
import { content } from '../src/content/load';

export const BASELINE_SEED = 20_260_305;
export const BASELINE_PROFILES = 1000;
export const PROFESSIONAL_SHARE = 0.3;
/** Model parameters (on the 0..4 response scale). */
export const MODEL = { centre: 2.1, general: 0.6, module: 0.3, orientation: 0.2, wellspring: 0.35, item: 0.7 };

export interface SimulatedProfile {
  readonly isNinetyItem: boolean;
  readonly answers: Map<string, number>;
}

/** The simulated profiles, in order (deterministic for the seed). */
export function simulateBaselineProfiles(seed = BASELINE_SEED, profiles = BASELINE_PROFILES): SimulatedProfile[] {
  const random = mulberry32(seed);
  const normal = () => {
    // Box–Muller
    const u = 1 - random();
    const v = random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const clampRound = (x: number) => Math.min(4, Math.max(0, Math.round(x)));

  const index = indexContent(content);
  const result: SimulatedProfile[] = [];
  for (let p = 0; p < profiles; p++) {
    const isNinetyItem = random() < PROFESSIONAL_SHARE;
    const general = normal();
    const moduleFactor = { Experiences: normal(), Feelings: normal(), Energy: normal() };
    const orientationFactor = { self: normal(), others: normal() };
    const wellspringFactor = new Map(index.wellsprings.map((w) => [w.wellspring.wellspringName, normal()]));
    const answers = answersForAll(isNinetyItem, (q) => {
      const orientation = q.wellspring ? index.wellspringByName.get(q.wellspring)!.orientation : null;
      const latent =
        MODEL.centre +
        MODEL.general * general +
        MODEL.module * moduleFactor[q.module] +
        (orientation ? MODEL.orientation * orientationFactor[orientation] : 0) +
        (q.wellspring ? MODEL.wellspring * wellspringFactor.get(q.wellspring)! : 0) +
        MODEL.item * normal();
      return clampRound(latent);
    });
    result.push({ isNinetyItem, answers });
  }
  return result;
}
