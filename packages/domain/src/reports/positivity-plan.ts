/**
 * Assembles the paid positivity plan: the profile report plus plain-language summary,
 * contributors, opportunities with practices, intentions and affirmations, mindful
 * practices and the comparison with people in similar life situations.
 */
import { MODULE_NAMES, isEnergyPetal, type PetalName } from '../model/instrument';
import { indexContent } from '../content/content-index';
import { content as bundledContent } from '../content/load';
import type { TextItem } from '../content/schema';
import { opportunities } from '../scoring/positivity-potential';
import { lifeSituationsFrequency } from '../benchmark/individual-differences';
import type { LifeData } from '../benchmark/life-data';
import type { Norms } from '../benchmark/norms';
import { buildProfileReport, type ReportInput } from './profile-report';
import { bandOf, bandText, summaryTextSimple } from './texts';
import type { ModuleContributors, OpportunitiesAndAffirmations, PositivityPlan } from './types';

export interface PlanInput extends ReportInput {
  /** The owner's life data (null when never given). */
  readonly lifeData: Partial<LifeData> | null;
  /** The norms the individual differences were computed with (for the life-situations lists). */
  readonly norms: Norms;
}

/** How many mindful practices a flourishing plan (no opportunities) still offers, from its lowest wellsprings. */
export const FALLBACK_MINDFUL_PRACTICES = 3;

/** The positivity plan (GetPositivityPlan). */
export function buildPositivityPlan(input: PlanInput): PositivityPlan {
  const content = input.content ?? bundledContent;
  const { scores } = input;
  const index = indexContent(content);
  const report = buildProfileReport({ ...input, content });

  const contributors = {} as Record<PetalName, string>;
  const moduleContributors: ModuleContributors[] = MODULE_NAMES.map((moduleName) => ({
    moduleName,
    contributors: index.modules[moduleName].petals.map((petal) => {
      const score = isEnergyPetal(petal.petalName) ? scores.energyPetals[petal.petalName] : scores.petals[petal.petalName];
      const text = bandText(petal.contributorText, bandOf(score), content);
      contributors[petal.petalName] = text;
      return { id: petal.petalName, displayName: petal.displayName, text };
    }),
  }));

  const byModule = (['Experiences', 'Feelings'] as const).map((moduleName) => ({
    moduleName,
    wellsprings: opportunities(scores, moduleName).map((w) => index.wellspringByName.get(w.wellspringName)!.wellspring),
  }));
  const opportunitiesAndAffirmations: OpportunitiesAndAffirmations[] = byModule.map(({ moduleName, wellsprings }) => {
    const texts = (pick: (w: (typeof wellsprings)[number]) => TextItem) => ({
      text: wellsprings.map((w) => pick(w).text),
      simple: wellsprings.map((w) => pick(w).simpleText),
    });
    const opp = texts((w) => w.opportunity);
    const aff = texts((w) => w.affirmation);
    const pra = texts((w) => w.practice);
    const int = texts((w) => w.intention);
    return {
      moduleName,
      wellsprings: wellsprings.map((w) => w.label),
      opportunities: opp.text,
      opportunitiesSimple: opp.simple,
      affirmations: aff.text,
      affirmationsSimple: aff.simple,
      practices: pra.text,
      practicesSimple: pra.simple,
      intentions: int.text,
      intentionsSimple: int.simple,
    };
  });

  // Mindful practices of the opportunities; a plan with none (every wellspring at 2+)
  // still offers a few, from the lowest-scoring wellsprings, to keep them flowing.
  let mindfulSources = byModule.flatMap((m) => m.wellsprings);
  if (mindfulSources.length === 0) {
    mindfulSources = scores.wellsprings
      .filter((w) => w.score !== null)
      .sort((a, b) => (a.score as number) - (b.score as number))
      .slice(0, FALLBACK_MINDFUL_PRACTICES)
      .map((w) => index.wellspringByName.get(w.wellspringName)!.wellspring);
  }

  return {
    ...report,
    summaryTextSimple: summaryTextSimple(scores, content),
    contributors,
    moduleContributors,
    opportunitiesAndAffirmations,
    mindfulPractices: mindfulSources.map((w) => w.mindfulPractice),
    lifeSituationsFrequency: lifeSituationsFrequency(scores, input.lifeData, input.norms),
    actionPlan: content.site.actionPlan,
  };
}
