import type { IndividualDifferences } from '@bloom/contracts';
/**
 * Response shapes of the journey calls (spec 01 §7), as the server returns them.
 * Kept here rather than in @bloom/contracts because only the journey screens read them.
 */

import type { EnergyChartItem } from '../../../components/charts';

export type ModuleName = 'Experiences' | 'Feelings' | 'Energy';

/** One entry of GET /api/data/GetModulesAndPetals (the shell's `useModules()` shape). */
export interface ModuleSummary {
  moduleName: string;
  displayName: string;
  petalNames: string[];
}

export interface Question {
  questionGuid: string;
  questionText: string;
  order: number;
  /** 0..4, or null while unanswered. */
  response: number | null;
}

export interface WellspringQuestions {
  wellspringName: string;
  label: string;
  petalDisplayName: string;
  icon: string;
  questions: Question[];
}

export interface ModuleQuestions {
  module: {
    moduleName: ModuleName;
    displayName: string;
    introText: string;
    graphic: string;
    leadIn: string;
    /** Energy only: shown before the fourth question. */
    secondLeadIn?: string;
  };
  wellsprings: WellspringQuestions[];
}

export interface ModuleDetail {
  moduleName: ModuleName;
  displayName: string;
  introText: string;
  graphic: string;
  petalNames: string[];
  petals: Array<{ petalName: string; displayName: string; introText: string }>;
}

export interface PetalQuestions {
  petal: { petalName: string; displayName: string; introText: string; moduleName: ModuleName };
  wellsprings: WellspringQuestions[];
}

/** One petal of a petal chart, as the contract says (the API names the petal; it sends no colour). */
export type { PetalChartItem as ChartItem } from '@bloom/contracts';

export interface ModuleResults {
  module: { moduleName: ModuleName; displayName: string; resultsText1: string; resultsText2: string };
  /** Energy: Activity Range, Excitement Range and Overall Energy; [] for the other modules. */
  energyChartData?: EnergyChartItem[];
}

/** GET /api/data/GetSiteContent */
export interface SiteContent {
  productName: string;
  notDiagnosticNotice: string;
  findHelpText?: string;
}

export interface PositivityPotential {
  experienceOpportunities: string[];
  feelingsOpportunities: string[];
  positivityPractices: string[];
  /** Percent. */
  resilienceScore: number;
  /** Percent. */
  energyRange: number;
  /** Optional short "not a diagnostic tool" notice. */
  notDiagnosticNotice?: string;
}

export type { IndividualDifferences };

export type LifeField =
  | 'relationshipStatus'
  | 'parentingStatus'
  | 'employmentStatus'
  | 'age'
  | 'gender'
  | 'income'
  | 'stressfulEvents';

export interface LifeQuestion {
  field: LifeField;
  label: string;
  kind: 'select' | 'number';
  options: string[];
  min?: number;
  max?: number;
}

export interface LifeSituationsForm {
  questions: LifeQuestion[];
  title?: string;
  introText?: string;
}

/** GET /api/data/GetTestimonials, as the contract says: the caption is `attribution`. */
export type { Testimonial } from '@bloom/contracts';

export interface LatestAssessment {
  id: string;
  isNinetyItem: boolean;
  coachAccessGranted: boolean;
  clientAccessGranted: boolean;
  date: string;
}
