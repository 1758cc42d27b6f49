/**
 * The zod schema of the content pack. Content is data (JSON files next to this one);
 * this schema is the contract those files must meet, checked at load and in tests.
 * Beyond field shapes it checks the instrument's structure against DESIGN §2
 * (names, order, energy levels, orientation) and that every questionGuid is unique.
 */
import { z } from 'zod';
import {
  ENERGY_LEVELS,
  ENERGY_LEVEL_LABELS,
  ENERGY_PETALS,
  EXPERIENCE_PETALS,
  FEELING_PETALS,
  ORIENTATIONS,
  PETAL_SHAPES,
  WELLBEING_PETALS,
} from '../model/instrument';

const text = z.string().trim().min(1);
/** A file name of an image the web app ships (no paths, no URLs). */
const assetName = z.string().regex(/^[a-z0-9][a-z0-9-]*\.(svg|png|jpg|jpeg|webp)$/, 'asset file name like "rest.svg"');
const hexColour = z.string().regex(/^#[0-9a-f]{6}$/i);

/** One text in two registers: `simpleText` is plain language (Flesch reading ease >= 70). */
export const TextItemSchema = z.strictObject({ text, simpleText: text });
/** Five texts, one per score band (band = shade index of the score: 0 rarely … 4 very often). */
export const BandTextsSchema = z.tuple([text, text, text, text, text]);

export const QuestionSchema = z.strictObject({
  questionGuid: z.uuid(),
  questionText: text.max(90),
});

export const WellspringSchema = z.strictObject({
  wellspringName: z.string().regex(/^[A-Z][A-Za-z]+$/),
  label: text,
  energyLevel: z.enum(ENERGY_LEVELS),
  icon: assetName,
  description: text,
  rapidItem: QuestionSchema,
  professionalItems: z.strictObject({ inner: QuestionSchema, middle: QuestionSchema, outer: QuestionSchema }),
  opportunity: TextItemSchema,
  practice: TextItemSchema,
  intention: TextItemSchema,
  affirmation: TextItemSchema,
  mindfulPractice: TextItemSchema,
});

const petalTexts = {
  displayName: text,
  introText: text,
  resultText: BandTextsSchema,
  contributorText: BandTextsSchema,
};

export const WellbeingPetalSchema = z.strictObject({
  petalName: z.enum(WELLBEING_PETALS),
  orientation: z.enum(ORIENTATIONS),
  ...petalTexts,
  wellsprings: z.tuple([WellspringSchema, WellspringSchema, WellspringSchema]),
});

export const EnergyLevelSchema = z.strictObject({
  energyLevel: z.enum(ENERGY_LEVELS),
  label: z.enum(['Calm', 'Aware', 'Active']),
  icon: assetName,
  description: text,
  rapidItem: QuestionSchema,
  professionalItems: z.tuple([QuestionSchema, QuestionSchema, QuestionSchema]),
});

export const EnergyPetalSchema = z.strictObject({
  petalName: z.enum(ENERGY_PETALS),
  ...petalTexts,
  levels: z.tuple([EnergyLevelSchema, EnergyLevelSchema, EnergyLevelSchema]),
});

const moduleTexts = {
  displayName: text,
  introText: text,
  graphic: assetName,
  /** "Over the past two weeks, how often have you had the following …?" */
  leadIn: text,
  resultsText1: BandTextsSchema,
  resultsText2: BandTextsSchema,
};

export const WellbeingModuleSchema = z.strictObject({
  moduleName: z.enum(['Experiences', 'Feelings']),
  ...moduleTexts,
  petals: z.tuple([WellbeingPetalSchema, WellbeingPetalSchema, WellbeingPetalSchema, WellbeingPetalSchema]),
});

export const EnergyModuleSchema = z.strictObject({
  moduleName: z.literal('Energy'),
  ...moduleTexts,
  /** Shown before the first Excitement item (the Rapid page's fourth question). */
  feelingsLeadIn: text,
  petals: z.tuple([EnergyPetalSchema, EnergyPetalSchema]),
});

export const LIFE_FIELDS = [
  'relationshipStatus',
  'parentingStatus',
  'employmentStatus',
  'gender',
  'income',
  'stressfulEvents',
  'age',
] as const;
export type LifeField = (typeof LIFE_FIELDS)[number];

const ChoiceQuestionSchema = z.strictObject({
  field: z.enum(LIFE_FIELDS.filter((f) => f !== 'age') as [Exclude<LifeField, 'age'>, ...Exclude<LifeField, 'age'>[]]),
  label: text,
  type: z.literal('choice'),
  options: z.array(text).min(2),
});
const NumberQuestionSchema = z.strictObject({
  field: z.literal('age'),
  label: text,
  type: z.literal('number'),
  min: z.int(),
  max: z.int(),
});

export const LifeSituationsSchema = z.strictObject({
  title: text,
  introText: text,
  preferNotToSay: text,
  questions: z.tuple([
    ChoiceQuestionSchema,
    ChoiceQuestionSchema,
    ChoiceQuestionSchema,
    ChoiceQuestionSchema,
    ChoiceQuestionSchema,
    ChoiceQuestionSchema,
    NumberQuestionSchema,
  ]),
});

export const TestimonialSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  quote: text,
  /** Who the story is about, without a name. */
  attribution: text,
  image: assetName,
  alt: text,
  /** True for stories written for the product rather than told by real members; the UI says so. */
  illustrative: z.boolean(),
});

export const TestimonialsSchema = z.strictObject({
  /** Where these stories come from. */
  provenance: text,
  stories: z.array(TestimonialSchema).length(6),
});

export const SiteSchema = z.strictObject({
  productName: text,
  summaryText: BandTextsSchema,
  summaryTextSimple: BandTextsSchema,
  energySummaryText: BandTextsSchema,
  resilienceResultsText: BandTextsSchema,
  mindsetResultsText: BandTextsSchema,
  roleText: z.strictObject({ self: text, others: text, balanced: text }),
  notDiagnosticNotice: text,
  findHelpText: text,
  noDataText: text,
  closingText: text,
  actionPlan: z.array(TextItemSchema).min(3),
});

const PetalColourSchema = z.strictObject({ colour: hexColour, shades: z.tuple([hexColour, hexColour, hexColour, hexColour, hexColour]) });
export const PaletteSchema = z.strictObject({
  $comment: z.string().optional(),
  petals: z.record(z.string(), PetalColourSchema),
});

export const ContentSchema = z
  .strictObject({
    site: SiteSchema,
    lifeSituations: LifeSituationsSchema,
    testimonials: TestimonialsSchema,
    experiences: WellbeingModuleSchema,
    feelings: WellbeingModuleSchema,
    energy: EnergyModuleSchema,
    palette: PaletteSchema,
  })
  .superRefine((content, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (content.experiences.moduleName !== 'Experiences') issue('experiences.json must hold the Experiences module');
    if (content.feelings.moduleName !== 'Feelings') issue('feelings.json must hold the Feelings module');

    // Structure must match DESIGN §2 exactly (order included).
    const petals = [...content.experiences.petals, ...content.feelings.petals];
    PETAL_SHAPES.forEach((shape, i) => {
      const petal = petals[i];
      if (!petal || petal.petalName !== shape.petalName) return issue(`petal ${i} must be ${shape.petalName}`);
      if (petal.orientation !== shape.orientation) issue(`${shape.petalName} must be oriented to ${shape.orientation}`);
      shape.wellsprings.forEach((ws, j) => {
        const actual = petal.wellsprings[j];
        if (!actual) return issue(`${shape.petalName} needs three wellsprings`);
        if (actual.wellspringName !== ws.wellspringName) issue(`${shape.petalName} wellspring ${j} must be ${ws.wellspringName}`);
        if (actual.label !== ws.label) issue(`${ws.wellspringName} label must be "${ws.label}"`);
        if (actual.energyLevel !== ws.energyLevel) issue(`${ws.wellspringName} must be ${ws.energyLevel}`);
      });
    });
    const expectedPetals = [...EXPERIENCE_PETALS, ...FEELING_PETALS];
    if (petals.some((p, i) => p.petalName !== expectedPetals[i])) issue('petals out of order');
    content.energy.petals.forEach((petal, i) => {
      if (petal.petalName !== ENERGY_PETALS[i]) issue(`energy petal ${i} must be ${ENERGY_PETALS[i]}`);
      petal.levels.forEach((level, j) => {
        const expected = ENERGY_LEVELS[j]!;
        if (level.energyLevel !== expected || level.label !== ENERGY_LEVEL_LABELS[expected]) {
          issue(`${petal.petalName} level ${j} must be ${expected}`);
        }
      });
    });

    // Every question has its own guid.
    const seen = new Set<string>();
    const guids = [
      ...petals.flatMap((p) => p.wellsprings.flatMap((ws) => [ws.rapidItem, ws.professionalItems.inner, ws.professionalItems.middle, ws.professionalItems.outer])),
      ...content.energy.petals.flatMap((p) => p.levels.flatMap((l) => [l.rapidItem, ...l.professionalItems])),
    ].map((q) => q.questionGuid.toLowerCase());
    for (const guid of guids) {
      if (seen.has(guid)) issue(`duplicate questionGuid ${guid}`);
      seen.add(guid);
    }

    // Every petal has a colour.
    for (const name of [...expectedPetals, ...ENERGY_PETALS]) {
      if (!content.palette.petals[name]) issue(`palette has no colour for ${name}`);
    }
  });

export type Content = z.output<typeof ContentSchema>;
export type TextItem = z.output<typeof TextItemSchema>;
export type BandTexts = z.output<typeof BandTextsSchema>;
export type QuestionContent = z.output<typeof QuestionSchema>;
export type WellspringContent = z.output<typeof WellspringSchema>;
export type WellbeingPetalContent = z.output<typeof WellbeingPetalSchema>;
export type EnergyPetalContent = z.output<typeof EnergyPetalSchema>;
export type EnergyLevelContent = z.output<typeof EnergyLevelSchema>;
export type WellbeingModuleContent = z.output<typeof WellbeingModuleSchema>;
export type EnergyModuleContent = z.output<typeof EnergyModuleSchema>;
export type LifeSituationsContent = z.output<typeof LifeSituationsSchema>;
export type SiteContent = z.output<typeof SiteSchema>;
export type Testimonial = z.output<typeof TestimonialSchema>;
