/**
 * Assembles the free profile report from scores, content and benchmark results.
 * Pure: names and dates are passed in, nothing is fetched.
 */
import { ENERGY_LEVEL_LABELS, ENERGY_LEVELS, type WellbeingModuleName } from '../model/instrument';
import type { Content } from '../content/schema';
import { indexContent } from '../content/content-index';
import { content as bundledContent } from '../content/load';
import { chartValues, eightPetalData, energyChartData, hasEnergyScores, modulePetalData, type CategoryChartItem } from '../charts/chart-data';
import { opportunities } from '../scoring/positivity-potential';
import { roundTo } from '../scoring/stats';
import type { AssessmentScores } from '../scoring/types';
import type { IndividualDifferences } from '../benchmark/individual-differences';
import { formatLongDate } from '../format/date';
import { bandOf, bandText, mindsetLean, percentBandOf, summaryText } from './texts';
import type { ModuleReportSection, OpportunityItem, PetalReportItem, ProfileReport } from './types';

export interface ReportInput {
  readonly scores: AssessmentScores;
  readonly individualDifferences: IndividualDifferences;
  /** Name to show in the header (the client's name, or the user name). */
  readonly clientName?: string | null;
  /** The assessment's date (ISO string or Date). */
  readonly assessmentDate?: string | Date | null;
  readonly content?: Content;
}

/** The profile report (GetBloomProfileReport). */
export function buildProfileReport(input: ReportInput): ProfileReport {
  const content = input.content ?? bundledContent;
  const { scores } = input;
  const site = content.site;
  const lean = mindsetLean(scores);
  const energyBand = bandOf(minOrNull(scores.energy.overall));
  const resilienceBand = percentBandOf(scores.resilience.overall);
  const resilienceText = bandText(site.resilienceResultsText, resilienceBand, content);

  return {
    BloomProfile: { chartData: profileChartData(scores, content) },
    summaryText: summaryText(scores, content),
    experiencesAndFeelingsSummaryText: {
      Experiences: bandText(content.experiences.resultsText1, bandOf(scores.wellBeing.experiences), content),
      Feelings: bandText(content.feelings.resultsText1, bandOf(scores.wellBeing.feelings), content),
    },
    experiencesAndFeelingsResults: {
      Experiences: moduleSection(scores, 'Experiences', content),
      Feelings: moduleSection(scores, 'Feelings', content),
    },
    energyAndResilienceSummaryText: {
      Energy: { text: bandText(site.energySummaryText, energyBand, content) },
      Resilience: { text: resilienceText },
    },
    mindsetResults: {
      resultsText: bandText(site.mindsetResultsText, bandOf(scores.mindset.overall), content),
      chartData: [
        {
          category: 'Mindset',
          values: chartValues([scores.mindset.self, scores.mindset.others, scores.mindset.overall]),
          subCategories: ['Self', 'Others', 'Balance'],
        },
      ],
    },
    resilienceResults: {
      resultsText: resilienceText,
      chartData: [
        {
          category: 'Resilience',
          values: [scores.resilience.experiences, scores.resilience.feelings, scores.resilience.overall].map((v) => v ?? 0),
          subCategories: ['Experiences', 'Feelings', 'Overall'],
        },
      ],
    },
    roleText: lean === null ? site.noDataText : site.roleText[lean],
    wellbeingOpportunities: wellbeingOpportunities(scores, content),
    productName: site.productName,
    clientName: input.clientName?.trim() || null,
    assessmentDate: formatLongDate(input.assessmentDate),
    takenAt: isoOrNull(input.assessmentDate),
    isNinetyItem: scores.isNinetyItem,
    eightPetalData: eightPetalData(scores, content),
    energyChartData: energyChartData(scores),
    individualDifferences: input.individualDifferences,
    notice: site.notDiagnosticNotice,
    closingText: site.closingText,
  };
}

/**
 * The profile chart: ten categories in module order (Body … Efficacy, Activity,
 * Excitement); values are the wellspring scores (energy: calm, aware, active), rounded
 * to 2 decimals, 2 when unanswered; subCategories are the wellspring labels. Without energy
 * scores (below the coverage rule) the two energy categories are left out.
 */
export function profileChartData(scores: AssessmentScores, content: Content = bundledContent): CategoryChartItem[] {
  const index = indexContent(content);
  const petals = index.wellbeingPetals.map((petal) => {
    const wellsprings = scores.wellsprings.filter((w) => w.petalName === petal.petalName);
    return { category: petal.displayName, values: chartValues(wellsprings.map((w) => w.score)), subCategories: wellsprings.map((w) => w.label) };
  });
  if (!hasEnergyScores(scores)) return petals;
  const energy = index.energyPetals.map((petal) => ({
    category: petal.displayName,
    values: chartValues(petal.petalName === 'Activity' ? scores.energy.activity : scores.energy.excitement),
    subCategories: ENERGY_LEVELS.map((l) => ENERGY_LEVEL_LABELS[l]),
  }));
  return [...petals, ...energy];
}

/** A module's section: its band texts, petals (with result and contributor texts) and chart. */
export function moduleSection(scores: AssessmentScores, moduleName: WellbeingModuleName, content: Content = bundledContent): ModuleReportSection {
  const module = indexContent(content).wellbeingModules[moduleName];
  const score = moduleName === 'Experiences' ? scores.wellBeing.experiences : scores.wellBeing.feelings;
  const band = bandOf(score);
  const petals: PetalReportItem[] = module.petals.map((petal) => {
    const petalScore = scores.petals[petal.petalName];
    const petalBand = bandOf(petalScore);
    return {
      id: petal.petalName,
      displayName: petal.displayName,
      score: roundTo(petalScore),
      band: petalBand,
      resultText: bandText(petal.resultText, petalBand, content),
      contributorText: bandText(petal.contributorText, petalBand, content),
      wellsprings: petal.wellsprings.map((ws) => ({
        wellspringName: ws.wellspringName,
        label: ws.label,
        icon: ws.icon,
        description: ws.description,
        score: roundTo(scores.wellsprings.find((w) => w.wellspringName === ws.wellspringName)?.score ?? null),
      })),
    };
  });
  return {
    moduleName,
    displayName: module.displayName,
    score: roundTo(score),
    band,
    resultsText: bandText(module.resultsText2, band, content),
    petals,
    chartData: modulePetalData(scores, moduleName, content),
  };
}

/** Opportunities of both modules (DESIGN §3 rule), with their opportunity and practice texts. */
export function wellbeingOpportunities(scores: AssessmentScores, content: Content = bundledContent): OpportunityItem[] {
  const index = indexContent(content);
  return (['Experiences', 'Feelings'] as const).flatMap((moduleName) =>
    opportunities(scores, moduleName).map((w) => {
      const ws = index.wellspringByName.get(w.wellspringName)!.wellspring;
      return {
        moduleName,
        wellspringName: w.wellspringName,
        label: w.label,
        icon: w.icon,
        score: roundTo(w.score) ?? 0,
        description: ws.description,
        opportunity: ws.opportunity,
        practice: ws.practice,
      };
    }),
  );
}

function minOrNull(values: readonly (number | null)[]): number | null {
  return values.some((v) => v === null) ? null : Math.min(...(values as number[]));
}

function isoOrNull(moment: string | Date | null | undefined): string | null {
  if (moment === null || moment === undefined || moment === '') return null;
  const date = moment instanceof Date ? moment : new Date(moment);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
