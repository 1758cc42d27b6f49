/**
 * Scoring, exactly as DESIGN §3. Pure: same answers in, same scores out.
 *
 * Missing data: an unanswered item is left out of its wellspring's mean; a wellspring
 * (or energy level) with no answered item has score null and is left out of every
 * mean above it; a mean over nothing is null. The default value 2 is used only for
 * chart ring values, never in a score. Completed assessments have every answer, so
 * these rules only matter for partial assessments (e.g. a module results page).
 */
import {
  DEFAULT_CHART_VALUE,
  ENERGY_LEVELS,
  FACETS,
  POSITIVE_THRESHOLD,
  type Facet,
  type Track,
  type WellbeingPetalName,
  type EnergyPetalName,
} from '../model/instrument';
import type { Content } from '../content/schema';
import { indexContent } from '../content/content-index';
import { content as bundledContent } from '../content/load';
import { responseOf } from './answers';
import { meanOf } from './stats';
import type {
  AssessmentAnswers,
  AssessmentScores,
  ChartRings,
  EnergyLevelResponses,
  EnergyTriple,
  ItemResponse,
  WellspringScore,
} from './types';

export const trackOf = (isNinetyItem: boolean): Track => (isNinetyItem ? 'Professional' : 'Rapid');

/** Scores an assessment (either track) from its answers. */
export function scoreAssessment(input: AssessmentAnswers, content: Content = bundledContent): AssessmentScores {
  const index = indexContent(content);
  const track = trackOf(input.isNinetyItem);
  const answers = input.answers;
  let answeredCount = 0;
  const item = (question: { questionGuid: string; questionText: string }, facet: Facet | null): ItemResponse => {
    const questionGuid = question.questionGuid.toLowerCase();
    const response = responseOf(answers, questionGuid);
    if (response !== null) answeredCount += 1;
    return { questionGuid, questionText: question.questionText, facet, response };
  };

  const wellsprings: WellspringScore[] = index.wellsprings.map(({ wellspring, petal, moduleName, orientation }) => {
    const items =
      track === 'Professional'
        ? FACETS.map((facet) => item(wellspring.professionalItems[facet], facet))
        : [item(wellspring.rapidItem, null)];
    return {
      wellspringName: wellspring.wellspringName,
      label: wellspring.label,
      icon: wellspring.icon,
      petalName: petal.petalName,
      moduleName,
      energyLevel: wellspring.energyLevel,
      orientation,
      score: meanOf(items.map((i) => i.response)),
      items,
      chart: chartRings(items),
    };
  });

  const petals = {} as Record<WellbeingPetalName, number | null>;
  for (const petal of index.wellbeingPetals) {
    petals[petal.petalName] = meanOf(wellsprings.filter((w) => w.petalName === petal.petalName).map((w) => w.score));
  }
  const moduleMean = (name: 'Experiences' | 'Feelings') => meanOf(index.wellbeingModules[name].petals.map((p) => petals[p.petalName]));

  const levels: EnergyLevelResponses[] = index.energyPetals.flatMap((petal) =>
    petal.levels.map((level) => {
      const items = track === 'Professional' ? level.professionalItems.map((q) => item(q, null)) : [item(level.rapidItem, null)];
      return { petalName: petal.petalName, energyLevel: level.energyLevel, score: meanOf(items.map((i) => i.response)), items };
    }),
  );
  const range = (petalName: EnergyPetalName): EnergyTriple => {
    const [calm, aware, active] = ENERGY_LEVELS.map(
      (lvl) => levels.find((l) => l.petalName === petalName && l.energyLevel === lvl)?.score ?? null,
    ) as [number | null, number | null, number | null];
    return [calm, aware, active];
  };
  const activity = range('Activity');
  const excitement = range('Excitement');
  const overall: EnergyTriple = [
    meanOf([activity[0], excitement[0]]),
    meanOf([activity[1], excitement[1]]),
    meanOf([activity[2], excitement[2]]),
  ];
  const lowestEnergy = overall.some((v) => v === null) ? null : Math.min(...(overall as readonly number[]));

  const self = meanOf(wellsprings.filter((w) => w.orientation === 'self').map((w) => w.score));
  const others = meanOf(wellsprings.filter((w) => w.orientation === 'others').map((w) => w.score));
  const questionCount = index.questionsByTrack[track].length;

  return {
    track,
    isNinetyItem: input.isNinetyItem,
    wellsprings,
    petals,
    energyPetals: { Activity: meanOf(activity), Excitement: meanOf(excitement) },
    wellBeing: {
      overall: meanOf(wellsprings.map((w) => w.score)),
      experiences: moduleMean('Experiences'),
      feelings: moduleMean('Feelings'),
    },
    mindset: { self, others, overall: mindsetBalance(self, others) },
    resilience: {
      overall: resiliencePercent(wellsprings),
      experiences: resiliencePercent(wellsprings.filter((w) => w.moduleName === 'Experiences')),
      feelings: resiliencePercent(wellsprings.filter((w) => w.moduleName === 'Feelings')),
    },
    energy: {
      activity,
      excitement,
      overall,
      energyRange: lowestEnergy === null ? null : Math.round(25 * lowestEnergy),
      levels,
    },
    answeredCount,
    questionCount,
    complete: answeredCount === questionCount,
  };
}

/** Mindset balance: 4 × min / max, 4 when both are 0 (perfectly balanced, if empty). */
export function mindsetBalance(self: number | null, others: number | null): number | null {
  if (self === null || others === null) return null;
  const high = Math.max(self, others);
  return high === 0 ? 4 : (4 * Math.min(self, others)) / high;
}

/** Whole percent of the scored wellsprings at 2 or more; null when none is scored. */
export function resiliencePercent(wellsprings: readonly { score: number | null }[]): number | null {
  const scored = wellsprings.filter((w) => w.score !== null);
  if (scored.length === 0) return null;
  const positive = scored.filter((w) => (w.score as number) >= POSITIVE_THRESHOLD).length;
  return Math.round((100 * positive) / scored.length);
}

function chartRings(items: readonly ItemResponse[]): ChartRings {
  const byFacet = (facet: Facet) => items.find((i) => i.facet === facet)?.response;
  const single = items.length === 1 ? items[0]?.response : undefined;
  const ring = (facet: Facet) => (items.length === 1 ? single : byFacet(facet)) ?? DEFAULT_CHART_VALUE;
  return { inner: ring('inner'), middle: ring('middle'), outer: ring('outer') };
}
