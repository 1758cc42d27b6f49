/**
 * The fixed shape of the instrument (DESIGN §2): module, petal and wellspring names,
 * in order, with each wellspring's energy level and each petal's orientation.
 * The content JSON must agree with this exactly; the content schema checks it at load.
 * Only names and structure live here; every text lives in the content files.
 */

export const RESPONSE_MIN = 0;
export const RESPONSE_MAX = 4;
/** Value shown in a chart entry whose question has no answer (spec 01 §9). */
export const DEFAULT_CHART_VALUE = 2;
/** A wellspring "counts" for resilience and is not an opportunity from this score up. */
export const POSITIVE_THRESHOLD = 2;
/** At most this many opportunities are listed per module. */
export const MAX_OPPORTUNITIES_PER_MODULE = 3;

export const RESPONSE_LABELS = ['Rarely', 'Sometimes', 'Often', 'Usually', 'Very Often'] as const;
export type ResponseLabel = (typeof RESPONSE_LABELS)[number];

export const TRACKS = ['Rapid', 'Professional'] as const;
export type Track = (typeof TRACKS)[number];

export const FACETS = ['inner', 'middle', 'outer'] as const;
export type Facet = (typeof FACETS)[number];

export const ENERGY_LEVELS = ['calm', 'aware', 'active'] as const;
export type EnergyLevel = (typeof ENERGY_LEVELS)[number];
export const ENERGY_LEVEL_LABELS = { calm: 'Calm', aware: 'Aware', active: 'Active' } as const;
export type EnergyLevelLabel = (typeof ENERGY_LEVEL_LABELS)[EnergyLevel];

export const ORIENTATIONS = ['self', 'others'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const WELLBEING_MODULES = ['Experiences', 'Feelings'] as const;
export type WellbeingModuleName = (typeof WELLBEING_MODULES)[number];
export const MODULE_NAMES = ['Experiences', 'Feelings', 'Energy'] as const;
export type ModuleName = (typeof MODULE_NAMES)[number];

export const EXPERIENCE_PETALS = ['Body', 'Mind', 'Connection', 'Purpose'] as const;
export const FEELING_PETALS = ['Openness', 'Wellness', 'Significance', 'Efficacy'] as const;
export const ENERGY_PETALS = ['Activity', 'Excitement'] as const;
/** The eight lotus petals in chart order. */
export const WELLBEING_PETALS = [...EXPERIENCE_PETALS, ...FEELING_PETALS] as const;
/** All ten petals (the spec's ten chart categories), in module order. */
export const PETAL_NAMES = [...WELLBEING_PETALS, ...ENERGY_PETALS] as const;

export type ExperiencePetalName = (typeof EXPERIENCE_PETALS)[number];
export type FeelingPetalName = (typeof FEELING_PETALS)[number];
export type WellbeingPetalName = (typeof WELLBEING_PETALS)[number];
export type EnergyPetalName = (typeof ENERGY_PETALS)[number];
export type PetalName = (typeof PETAL_NAMES)[number];

interface WellspringShape {
  readonly wellspringName: string;
  readonly label: string;
  readonly energyLevel: EnergyLevel;
}
interface PetalShape {
  readonly petalName: WellbeingPetalName;
  readonly moduleName: WellbeingModuleName;
  readonly orientation: Orientation;
  readonly wellsprings: readonly [WellspringShape, WellspringShape, WellspringShape];
}

const w = (wellspringName: string, energyLevel: EnergyLevel, label = wellspringName): WellspringShape => ({
  wellspringName,
  label,
  energyLevel,
});

/**
 * DESIGN §2 table, in its order. Wellspring order inside a petal is the content order
 * (chart position, tie-break for opportunities). The spec's label table lists some
 * petals in another order; it is a list of labels, not an ordering, so DESIGN wins.
 */
export const PETAL_SHAPES: readonly PetalShape[] = [
  { petalName: 'Body', moduleName: 'Experiences', orientation: 'self', wellsprings: [w('Rest', 'calm'), w('Nourish', 'aware'), w('Move', 'active')] },
  { petalName: 'Mind', moduleName: 'Experiences', orientation: 'self', wellsprings: [w('Create', 'active'), w('Savor', 'aware'), w('Reflect', 'calm')] },
  { petalName: 'Connection', moduleName: 'Experiences', orientation: 'others', wellsprings: [w('Join', 'active'), w('Bond', 'aware'), w('Love', 'calm')] },
  { petalName: 'Purpose', moduleName: 'Experiences', orientation: 'others', wellsprings: [w('BeKind', 'calm', 'Be Kind'), w('Serve', 'aware'), w('Provide', 'active')] },
  { petalName: 'Openness', moduleName: 'Feelings', orientation: 'self', wellsprings: [w('Adventurous', 'active'), w('Harmonious', 'aware'), w('Trust', 'calm')] },
  { petalName: 'Wellness', moduleName: 'Feelings', orientation: 'self', wellsprings: [w('Vital', 'active'), w('Satisfied', 'aware'), w('Peace', 'calm')] },
  { petalName: 'Significance', moduleName: 'Feelings', orientation: 'others', wellsprings: [w('Proud', 'active'), w('Belonging', 'aware'), w('Loved', 'calm')] },
  { petalName: 'Efficacy', moduleName: 'Feelings', orientation: 'others', wellsprings: [w('Capable', 'active'), w('Considerate', 'aware'), w('Caring', 'calm')] },
];

/** The 24 wellspring identifiers in content order. */
export const WELLSPRING_NAMES: readonly string[] = PETAL_SHAPES.flatMap((p) => p.wellsprings.map((s) => s.wellspringName));

export const MODULE_PETALS: Readonly<Record<ModuleName, readonly PetalName[]>> = {
  Experiences: EXPERIENCE_PETALS,
  Feelings: FEELING_PETALS,
  Energy: ENERGY_PETALS,
};

export const isModuleName = (value: string): value is ModuleName => (MODULE_NAMES as readonly string[]).includes(value);
export const isPetalName = (value: string): value is PetalName => (PETAL_NAMES as readonly string[]).includes(value);
export const isWellbeingPetal = (value: string): value is WellbeingPetalName =>
  (WELLBEING_PETALS as readonly string[]).includes(value);
export const isEnergyPetal = (value: string): value is EnergyPetalName => (ENERGY_PETALS as readonly string[]).includes(value);

/** The label of a 0..4 response ("Often"); averages are rounded to the nearest step. */
export function responseLabel(value: number | null): ResponseLabel | 'Not answered' {
  if (value === null || !Number.isFinite(value)) return 'Not answered';
  const step = Math.min(RESPONSE_MAX, Math.max(RESPONSE_MIN, Math.round(value)));
  return RESPONSE_LABELS[step] ?? 'Not answered';
}
