/** Shapes of the profile report, positivity plan and coach views (spec 02 §3). */
import type { ShadeIndex } from '../charts/shades';
import type { CategoryChartItem, EnergyChartItem, PetalChartItem } from '../charts/chart-data';
import type { TextItem } from '../content/schema';
import type { IndividualDifferences, LifeSituationsFrequency } from '../benchmark/individual-differences';
import type { EnergyLevelLabel, ModuleName, PetalName, WellbeingModuleName, WellbeingPetalName } from '../model/instrument';

export type { TextItem };

/** A wellspring as listed under a petal in a report. */
export interface ReportWellspring {
  readonly wellspringName: string;
  readonly label: string;
  readonly icon: string;
  readonly description: string;
  readonly score: number | null;
}

/** One petal's results in a report section. */
export interface PetalReportItem {
  readonly id: WellbeingPetalName;
  readonly displayName: string;
  readonly score: number | null;
  readonly band: ShadeIndex | null;
  readonly resultText: string;
  readonly contributorText: string;
  readonly wellsprings: readonly ReportWellspring[];
}

/** experiencesAndFeelingsResults.Experiences / .Feelings. */
export interface ModuleReportSection {
  readonly moduleName: WellbeingModuleName;
  readonly displayName: string;
  readonly score: number | null;
  readonly band: ShadeIndex | null;
  /** The module's resultsText2 for its band (resultsText1 is the section summary). */
  readonly resultsText: string;
  readonly petals: readonly PetalReportItem[];
  /** The four-petal chart of the module. */
  readonly chartData: readonly PetalChartItem[];
}

/** One opportunity (a wellspring below 2) with its texts. */
export interface OpportunityItem {
  readonly moduleName: WellbeingModuleName;
  readonly wellspringName: string;
  readonly label: string;
  readonly icon: string;
  readonly score: number;
  readonly description: string;
  readonly opportunity: TextItem;
  readonly practice: TextItem;
}

export interface ProfileReport {
  /** Ten categories (the eight lotus petals, then Activity and Excitement): values are wellspring (or energy level) scores. */
  readonly BloomProfile: { readonly chartData: readonly CategoryChartItem[] };
  readonly summaryText: string;
  /** Each module's resultsText1 for its band. */
  readonly experiencesAndFeelingsSummaryText: { readonly Experiences: string; readonly Feelings: string };
  readonly experiencesAndFeelingsResults: { readonly Experiences: ModuleReportSection; readonly Feelings: ModuleReportSection };
  readonly energyAndResilienceSummaryText: { readonly Energy: { readonly text: string }; readonly Resilience: { readonly text: string } };
  /** chartData: one item, category "Mindset", values [Self, Others, Balance] (0..4). */
  readonly mindsetResults: { readonly resultsText: string; readonly chartData: readonly CategoryChartItem[] };
  /** chartData: one item, category "Resilience", values [Experiences, Feelings, Overall] (percent). */
  readonly resilienceResults: { readonly resultsText: string; readonly chartData: readonly CategoryChartItem[] };
  /** Where the person currently draws well-being from: self, others or both (see mindsetLean). */
  readonly roleText: string;
  /** Opportunities of both modules, Experiences first. */
  readonly wellbeingOpportunities: readonly OpportunityItem[];

  // Additions beyond the spec's field list, so one call renders the whole report.
  readonly productName: string;
  readonly clientName: string | null;
  /** en-US long date of the assessment (UTC), "" when unknown. */
  readonly assessmentDate: string;
  /** When the assessment was taken, ISO-8601, null when unknown: the browser shows it in the reader's time zone, as every other assessment date. */
  readonly takenAt: string | null;
  readonly isNinetyItem: boolean;
  readonly eightPetalData: readonly PetalChartItem[];
  readonly energyChartData: readonly EnergyChartItem[];
  readonly individualDifferences: IndividualDifferences;
  readonly notice: string;
  readonly closingText: string;
}

/** A module's contributor texts (one per petal). */
export interface ModuleContributors {
  readonly moduleName: ModuleName;
  readonly contributors: readonly { readonly id: PetalName; readonly displayName: string; readonly text: string }[];
}

/** One module's opportunities with their texts, in plain and simple language. */
export interface OpportunitiesAndAffirmations {
  readonly moduleName: WellbeingModuleName;
  /** Labels of the opportunity wellsprings, lowest first. */
  readonly wellsprings: readonly string[];
  readonly opportunities: readonly string[];
  readonly opportunitiesSimple: readonly string[];
  readonly affirmations: readonly string[];
  readonly affirmationsSimple: readonly string[];
  // Additions: the plan's "activities" and "intentions" sections.
  readonly practices: readonly string[];
  readonly practicesSimple: readonly string[];
  readonly intentions: readonly string[];
  readonly intentionsSimple: readonly string[];
}

export interface PositivityPlan extends ProfileReport {
  readonly summaryTextSimple: string;
  /** Petal name → contributor text for its band (all ten petals). */
  readonly contributors: Readonly<Record<PetalName, string>>;
  readonly moduleContributors: readonly ModuleContributors[];
  readonly opportunitiesAndAffirmations: readonly OpportunitiesAndAffirmations[];
  readonly mindfulPractices: readonly TextItem[];
  readonly lifeSituationsFrequency: LifeSituationsFrequency;
  /** Addition: the generic action-plan steps. */
  readonly actionPlan: readonly TextItem[];
}

/** Coach overview: one row per wellspring (or energy level). */
export interface CoachOverviewItem {
  readonly wellspringEnergy: EnergyLevelLabel;
  readonly wellspringName: string;
  /** Scale label of the (rounded) average, e.g. "Often". */
  readonly responseText: string;
  readonly average: number | null;
}
export interface CoachAssessmentOverview {
  readonly activity: readonly CoachOverviewItem[];
  readonly excitement: readonly CoachOverviewItem[];
  readonly experiences: readonly CoachOverviewItem[];
  readonly feelings: readonly CoachOverviewItem[];
}

export interface CoachQuestion {
  /** The question text. */
  readonly description: string;
  readonly responseText: string;
  readonly response: number | null;
}
export interface CoachWellspring {
  readonly wellspringName: string;
  readonly averageText: string;
  readonly average: number | null;
  readonly questions: readonly CoachQuestion[];
}
export interface CoachPetal {
  readonly displayName: string;
  readonly average: number | null;
  readonly wellsprings: readonly CoachWellspring[];
}
export interface CoachComprehensive {
  readonly experiences: readonly CoachPetal[];
  readonly feelings: readonly CoachPetal[];
}
