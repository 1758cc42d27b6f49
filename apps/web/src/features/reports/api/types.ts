import type { IndividualDifferences } from '@bloom/contracts';
/**
 * Shapes of the report calls (spec 02 §3; docs/instrument.md §4). The web app may not import
 * the domain package, so the fields it renders are restated here; unknown extras are ignored.
 */
import type { EnergyChartItem, PetalChartItem, ReportChartItem } from '../../../components/charts';

export interface TextItem {
  text: string;
  simpleText: string;
}

export interface ReportWellspring {
  wellspringName: string;
  label: string;
  icon: string;
  description: string;
  score: number | null;
}

export interface PetalReportItem {
  id: string;
  displayName: string;
  score: number | null;
  band: number | null;
  resultText: string;
  contributorText: string;
  wellsprings: ReportWellspring[];
}

export interface ModuleReportSection {
  moduleName: 'Experiences' | 'Feelings';
  displayName: string;
  score: number | null;
  band: number | null;
  resultsText: string;
  petals: PetalReportItem[];
  chartData: PetalChartItem[];
}

export interface OpportunityItem {
  moduleName: 'Experiences' | 'Feelings';
  wellspringName: string;
  label: string;
  icon: string;
  score: number;
  description: string;
  opportunity: TextItem;
  practice: TextItem;
}

export type { IndividualDifferences };

/** GET /api/data/GetBloomProfileReport/{id} */
export interface ProfileReport {
  BloomProfile: { chartData: ReportChartItem[] };
  summaryText: string;
  experiencesAndFeelingsSummaryText: { Experiences: string; Feelings: string };
  experiencesAndFeelingsResults: { Experiences: ModuleReportSection; Feelings: ModuleReportSection };
  energyAndResilienceSummaryText: { Energy: { text: string }; Resilience: { text: string } };
  mindsetResults: { resultsText: string; chartData: ReportChartItem[] };
  resilienceResults: { resultsText: string; chartData: ReportChartItem[] };
  roleText: string;
  wellbeingOpportunities: OpportunityItem[];
  productName: string;
  clientName: string | null;
  assessmentDate: string;
  isNinetyItem: boolean;
  eightPetalData: PetalChartItem[];
  energyChartData: EnergyChartItem[];
  individualDifferences: IndividualDifferences;
  notice: string;
  closingText: string;
}

export interface ModuleContributors {
  moduleName: 'Experiences' | 'Feelings' | 'Energy';
  contributors: { id: string; displayName: string; text: string }[];
}

export interface OpportunitiesAndAffirmations {
  moduleName: 'Experiences' | 'Feelings';
  wellsprings: string[];
  opportunities: string[];
  opportunitiesSimple: string[];
  affirmations: string[];
  affirmationsSimple: string[];
  practices: string[];
  practicesSimple: string[];
  intentions: string[];
  intentionsSimple: string[];
}

export interface LifeSituationsFrequency {
  experiencesMore: string[];
  experiencesLess: string[];
  feelingsMore: string[];
  feelingsLess: string[];
}

/** GET /api/data/GetPositivityPlan/{id} */
export interface PositivityPlan extends ProfileReport {
  summaryTextSimple: string;
  contributors: Record<string, string>;
  moduleContributors: ModuleContributors[];
  opportunitiesAndAffirmations: OpportunitiesAndAffirmations[];
  mindfulPractices: TextItem[];
  lifeSituationsFrequency: LifeSituationsFrequency;
  actionPlan: TextItem[];
}

/** GET /api/user/GetPlanPricing */
export interface PlanPricing {
  priceCents: number;
  promoPriceCents: number | null;
  currency: string;
}
