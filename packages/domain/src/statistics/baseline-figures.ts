/**
 * The bundled reliability figures (α, mean, SD per scale and form) used until live figures
 * rest on 100 assessments. SYNTHETIC: computed from the simulated baseline profiles (see the
 * file's provenance and packages/domain/scripts/generate-baseline-reliability.ts).
 */
import source from '../benchmark/baseline-reliability.json';
import { ScaleFiguresSchema, type ScaleFigures } from './scale-figures';

/** The bundled provisional figures, validated at load. */
export const baselineScaleFigures: ScaleFigures = ScaleFiguresSchema.parse(source);
