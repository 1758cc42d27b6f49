/** The coach supplement's views of an assessment (GetCoachAssessmentOverview / GetCoachComprehensive). */
import { ENERGY_LEVEL_LABELS, responseLabel, type WellbeingModuleName } from '../model/instrument';
import type { Content } from '../content/schema';
import { indexContent } from '../content/content-index';
import { content as bundledContent } from '../content/load';
import { roundTo } from '../scoring/stats';
import type { AssessmentScores } from '../scoring/types';
import type { CoachAssessmentOverview, CoachComprehensive, CoachOverviewItem, CoachPetal } from './types';

/**
 * One row per wellspring (experiences, feelings; label as wellspringName) and per
 * energy level (activity, excitement; the level label as wellspringName), with the
 * scale label of the rounded average as responseText.
 */
export function coachAssessmentOverview(scores: AssessmentScores): CoachAssessmentOverview {
  const wellsprings = (moduleName: WellbeingModuleName): CoachOverviewItem[] =>
    scores.wellsprings
      .filter((w) => w.moduleName === moduleName)
      .map((w) => ({
        wellspringEnergy: ENERGY_LEVEL_LABELS[w.energyLevel],
        wellspringName: w.label,
        responseText: responseLabel(w.score),
        average: roundTo(w.score),
      }));
  const energy = (petalName: 'Activity' | 'Excitement'): CoachOverviewItem[] =>
    scores.energy.levels
      .filter((l) => l.petalName === petalName)
      .map((l) => ({
        wellspringEnergy: ENERGY_LEVEL_LABELS[l.energyLevel],
        wellspringName: ENERGY_LEVEL_LABELS[l.energyLevel],
        responseText: responseLabel(l.score),
        average: roundTo(l.score),
      }));
  return {
    activity: energy('Activity'),
    excitement: energy('Excitement'),
    experiences: wellsprings('Experiences'),
    feelings: wellsprings('Feelings'),
  };
}

/** Per petal: its average, and per wellspring its average and every question with its response. */
export function coachComprehensive(scores: AssessmentScores, content: Content = bundledContent): CoachComprehensive {
  const index = indexContent(content);
  const petals = (moduleName: WellbeingModuleName): CoachPetal[] =>
    index.wellbeingModules[moduleName].petals.map((petal) => ({
      displayName: petal.displayName,
      average: roundTo(scores.petals[petal.petalName]),
      wellsprings: scores.wellsprings
        .filter((w) => w.petalName === petal.petalName)
        .map((w) => ({
          wellspringName: w.label,
          averageText: responseLabel(w.score),
          average: roundTo(w.score),
          questions: w.items.map((item) => ({
            description: item.questionText,
            responseText: responseLabel(item.response),
            response: item.response,
          })),
        })),
    }));
  return { experiences: petals('Experiences'), feelings: petals('Feelings') };
}
