/** The input and output shapes of scoring. */
import type {
  EnergyLevel,
  EnergyPetalName,
  Facet,
  Orientation,
  Track,
  WellbeingModuleName,
  WellbeingPetalName,
} from '../model/instrument';

/**
 * What scoring needs: the track and the saved responses.
 * `answers` is keyed by questionGuid in lowercase (as in the content pack; use
 * `answersFromResponses` to build it from saved rows). Values are integers 0..4.
 * Answers to questions of the other track, and unknown guids, are ignored.
 */
export interface AssessmentAnswers {
  readonly isNinetyItem: boolean;
  readonly answers: ReadonlyMap<string, number>;
}

/** One question's saved response (null when unanswered). */
export interface ItemResponse {
  readonly questionGuid: string;
  readonly questionText: string;
  /** inner/middle/outer for Professional wellspring items; null for Rapid and Energy items. */
  readonly facet: Facet | null;
  readonly response: number | null;
}

/** Chart ring values of one wellspring; missing answers show as the default 2. */
export type ChartRings = Readonly<Record<Facet, number>>;

export interface WellspringScore {
  readonly wellspringName: string;
  readonly label: string;
  readonly icon: string;
  readonly petalName: WellbeingPetalName;
  readonly moduleName: WellbeingModuleName;
  readonly energyLevel: EnergyLevel;
  readonly orientation: Orientation;
  /** Mean of the answered items, 0..4; null when none is answered. */
  readonly score: number | null;
  readonly items: readonly ItemResponse[];
  /** Professional: the facet responses; Rapid: the single response in all three. */
  readonly chart: ChartRings;
}

/** [calm, aware, active]. */
export type EnergyTriple = readonly [calm: number | null, aware: number | null, active: number | null];

export interface EnergyLevelResponses {
  readonly petalName: EnergyPetalName;
  readonly energyLevel: EnergyLevel;
  readonly score: number | null;
  readonly items: readonly ItemResponse[];
}

export interface EnergyScores {
  /** Activity Range: mean of the activity items per level. */
  readonly activity: EnergyTriple;
  /** Excitement Range: mean of the excitement items per level. */
  readonly excitement: EnergyTriple;
  /** Overall Energy: the average of the two ranges per position. */
  readonly overall: EnergyTriple;
  /** round(25 × min(calm, aware, active)) of the overall values, in percent. */
  readonly energyRange: number | null;
  /** The six (petal, level) groups in content order, with their item responses. */
  readonly levels: readonly EnergyLevelResponses[];
}

export interface AssessmentScores {
  readonly track: Track;
  readonly isNinetyItem: boolean;
  /** The 24 wellsprings in content order. */
  readonly wellsprings: readonly WellspringScore[];
  /** Mean of each lotus petal's three wellsprings. */
  readonly petals: Readonly<Record<WellbeingPetalName, number | null>>;
  /** Mean of each energy petal's three levels. */
  readonly energyPetals: Readonly<Record<EnergyPetalName, number | null>>;
  /** overall = mean of the 24 wellsprings; experiences/feelings = mean of the module's 4 petals. */
  readonly wellBeing: { readonly overall: number | null; readonly experiences: number | null; readonly feelings: number | null };
  /** self/others = mean of the 12 wellsprings of that orientation; overall = 4 × min / max (4 when both are 0). */
  readonly mindset: { readonly self: number | null; readonly others: number | null; readonly overall: number | null };
  /** Whole percent of scored wellsprings at 2 or more. */
  readonly resilience: { readonly overall: number | null; readonly experiences: number | null; readonly feelings: number | null };
  readonly energy: EnergyScores;
  /** Answered questions of this track, and how many the track has. */
  readonly answeredCount: number;
  readonly questionCount: number;
  readonly complete: boolean;
}

/** One row of the scores API (DESIGN §3). */
export interface ScoreRow {
  readonly category: 'WellBeing' | 'Mindset' | 'Resilience' | 'Active' | 'Aware' | 'Calm';
  readonly scoreType: 'Overall' | 'Experiences' | 'Feelings' | 'Self' | 'Others';
  readonly score: number | null;
}

/** GetPositivityPotential (spec 01 §3). */
export interface PositivityPotential {
  /** Labels of Experiences wellsprings scoring below 2, lowest first (max 3). */
  readonly experienceOpportunities: readonly string[];
  /** Labels of Feelings wellsprings scoring below 2, lowest first (max 3). */
  readonly feelingsOpportunities: readonly string[];
  /** The content practice (text) of each opportunity, experiences first. */
  readonly positivityPractices: readonly string[];
  /** Overall resilience, whole percent. */
  readonly resilienceScore: number | null;
  /** Energy range, whole percent. */
  readonly energyRange: number | null;
}
