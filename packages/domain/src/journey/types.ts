/** Shapes returned by the journey's content endpoints (spec 01 §7 "Content and results"). */
import type { ShadeIndex, ShadeList } from '../charts/shades';
import type { EnergyChartItem, PetalChartItem } from '../charts/chart-data';
import type { EnergyLevel, ModuleName, PetalName, Track } from '../model/instrument';

/** GetModulesAndPetals item. */
export interface ModuleAndPetals {
  readonly moduleName: ModuleName;
  readonly petalNames: readonly PetalName[];
}

/** A module's page texts. */
export interface ModuleView {
  readonly moduleName: ModuleName;
  readonly displayName: string;
  readonly introText: string;
  readonly graphic: string;
  /** "Over the past two weeks, how often have you had the following experiences/feelings?" */
  readonly leadIn: string;
  /** Energy only: shown before the first Excitement question; null for other modules. */
  readonly feelingsLeadIn: string | null;
  readonly petalNames: readonly PetalName[];
}

export interface WellspringSummary {
  readonly wellspringName: string;
  readonly label: string;
  readonly icon: string;
  readonly description: string;
  readonly energyLevel: EnergyLevel;
}

export interface PetalView {
  readonly petalName: PetalName;
  readonly moduleName: ModuleName;
  readonly displayName: string;
  readonly introText: string;
  readonly colour: string;
  /** Five shades, 0 palest to 4 deepest. */
  readonly shades: ShadeList;
  /** Lotus petals: the three wellsprings; energy petals: the three levels (label "Calm"…). */
  readonly wellsprings: readonly WellspringSummary[];
}

/** GetModuleByName. */
export interface ModuleWithPetals extends ModuleView {
  readonly petals: readonly PetalView[];
}

export interface QuestionView {
  readonly questionGuid: string;
  readonly questionText: string;
  /** Stable 1-based position of the question within its module for its track. */
  readonly order: number;
  /** Saved response 0..4, or null when unanswered. */
  readonly response: number | null;
}

/** A group of questions: a wellspring, or for Energy one (petal, level) pair. */
export interface WellspringQuestions {
  /** Wellspring identifier ("BeKind"); Energy groups use the level label ("Calm"). */
  readonly wellspringName: string;
  readonly label: string;
  readonly petalName: PetalName;
  readonly petalDisplayName: string;
  readonly icon: string;
  readonly energyLevel: EnergyLevel;
  readonly questions: readonly QuestionView[];
}

/** GetModuleQuestions. */
export interface ModuleQuestions {
  readonly module: ModuleView;
  readonly track: Track;
  readonly wellsprings: readonly WellspringQuestions[];
}

/** GetPetalQuestions. */
export interface PetalQuestions {
  readonly petal: PetalView;
  readonly wellsprings: readonly WellspringQuestions[];
}

export interface WellspringResult extends WellspringQuestions {
  /** Mean of the answered questions, rounded to 2 decimals; null when none is answered. */
  readonly average: number | null;
}

/** GetPetalResults. */
export interface PetalResults {
  readonly petal: PetalView & {
    readonly score: number | null;
    readonly band: ShadeIndex | null;
    readonly resultText: string;
    readonly contributorText: string;
  };
  readonly wellsprings: readonly WellspringResult[];
  /** Lotus petals: the single-petal chart; null for energy petals. */
  readonly chartData: PetalChartItem | null;
  /** Energy petals: their range chart item; null for lotus petals. */
  readonly energyChartData: EnergyChartItem | null;
}

/** GetModuleResults. */
export interface ModuleResults {
  readonly module: ModuleView;
  readonly score: number | null;
  readonly band: ShadeIndex | null;
  readonly resultsText1: string;
  readonly resultsText2: string;
  readonly petals: readonly {
    readonly petalName: PetalName;
    readonly displayName: string;
    readonly score: number | null;
    readonly band: ShadeIndex | null;
    readonly resultText: string;
  }[];
  /** Experiences/Feelings: the four-petal chart; Energy: []. */
  readonly chartData: readonly PetalChartItem[];
  /** Energy: Activity Range, Excitement Range, Overall Energy; other modules: []. */
  readonly energyChartData: readonly EnergyChartItem[];
}
