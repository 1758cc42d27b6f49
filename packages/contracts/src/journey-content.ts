import { z } from 'zod';

/**
 * Answers of the journey's content and chart calls (spec 01 §7 "Content and results"), as
 * the server builds them from the domain's views (packages/domain/src/journey/types.ts,
 * charts/chart-data.ts) and the presenters in apps/server/src/api/handlers/journey-presenters.ts.
 */

export const moduleNameSchema = z.enum(['Experiences', 'Feelings', 'Energy']);
export const wellbeingModuleNameSchema = z.enum(['Experiences', 'Feelings']);
export const energyLevelSchema = z.enum(['calm', 'aware', 'active']);
export const energyLevelLabelSchema = z.enum(['Calm', 'Aware', 'Active']);
/** A shade of a petal's colour: 0 palest to 4 deepest. */
export const bandSchema = z.number().int().min(0).max(4);

/** GET /api/data/GetModulesAndPetals: one entry per module. */
export const moduleSummarySchema = z.object({ moduleName: moduleNameSchema, displayName: z.string(), petalNames: z.array(z.string()) });
export type ModuleSummary = z.infer<typeof moduleSummarySchema>;

export const moduleViewSchema = z.object({
  moduleName: moduleNameSchema,
  displayName: z.string(),
  introText: z.string(),
  graphic: z.string(),
  leadIn: z.string(),
  /** Energy only: shown before the first Excitement question; null for other modules. */
  feelingsLeadIn: z.string().nullable(),
  petalNames: z.array(z.string()),
});

const wellspringSummarySchema = z.object({
  wellspringName: z.string(),
  label: z.string(),
  icon: z.string(),
  description: z.string(),
  energyLevel: energyLevelSchema,
});

export const petalViewSchema = z.object({
  petalName: z.string(),
  moduleName: moduleNameSchema,
  displayName: z.string(),
  introText: z.string(),
  colour: z.string(),
  shades: z.array(z.string()).length(5),
  wellsprings: z.array(wellspringSummarySchema),
});

/** GET /api/data/GetModuleByName/{name} */
export const moduleWithPetalsSchema = moduleViewSchema.extend({ petals: z.array(petalViewSchema) });
export type ModuleWithPetals = z.infer<typeof moduleWithPetalsSchema>;

export const questionViewSchema = z.object({
  questionGuid: z.string(),
  questionText: z.string(),
  order: z.number().int(),
  /** 0..4, or null while unanswered. */
  response: z.number().int().nullable(),
});

export const wellspringQuestionsSchema = z.object({
  wellspringName: z.string(),
  label: z.string(),
  petalName: z.string(),
  petalDisplayName: z.string(),
  icon: z.string(),
  energyLevel: energyLevelSchema,
  questions: z.array(questionViewSchema),
});

/** GET /api/data/GetModuleQuestions/{module}; `secondLeadIn` repeats `feelingsLeadIn` for the web client (absent when null). */
export const moduleQuestionsSchema = z.object({
  module: moduleViewSchema.extend({ secondLeadIn: z.string().optional() }),
  track: z.enum(['Rapid', 'Professional']),
  wellsprings: z.array(wellspringQuestionsSchema),
});
export type ModuleQuestionsResponse = z.infer<typeof moduleQuestionsSchema>;

/** GET /api/data/GetPetalQuestions/{petal} */
export const petalQuestionsSchema = z.object({ petal: petalViewSchema, wellsprings: z.array(wellspringQuestionsSchema) });
export type PetalQuestionsResponse = z.infer<typeof petalQuestionsSchema>;

/** One ring of a wellspring in a petal chart: 0..4, 2 when unanswered. */
const chartEntrySchema = z.object({ value: z.number(), icon: z.string(), wellspringName: z.string(), label: z.string() });
const chartWellspringSchema = z.object({ outer: chartEntrySchema, middle: chartEntrySchema, inner: chartEntrySchema });

/** One petal of the eight- or four-petal chart. */
export const petalChartItemSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  wellsprings: z.tuple([chartWellspringSchema, chartWellspringSchema, chartWellspringSchema]),
});
export type PetalChartItem = z.infer<typeof petalChartItemSchema>;

/** A bar or category chart item: energy ranges, mindset, resilience, the profile chart. */
export const categoryChartItemSchema = z.object({ category: z.string(), values: z.array(z.number()), subCategories: z.array(z.string()) });
export type CategoryChartItem = z.infer<typeof categoryChartItemSchema>;

/** GET /api/data/GetEnergyChartData/{assessmentId}: Activity Range, Excitement Range, Overall Energy. */
export const energyChartItemSchema = z.object({
  category: z.enum(['Activity Range', 'Excitement Range', 'Overall Energy']),
  values: z.array(z.number()),
  subCategories: z.array(energyLevelLabelSchema),
});
export type EnergyChartItem = z.infer<typeof energyChartItemSchema>;

/** GET /api/data/getEightPetalData[/{assessmentId}] (eight items) and GetFourPetalData (four). */
export const petalChartSchema = z.array(petalChartItemSchema);

/** GET /api/data/GetSinglePetalData/{assessmentId}: the four petals of each module. */
export const singlePetalDataSchema = z.object({ Experiences: z.array(petalChartItemSchema), Feelings: z.array(petalChartItemSchema) });
export type SinglePetalData = z.infer<typeof singlePetalDataSchema>;

/** GET /api/data/GetPetalResults/{petal}; `chart` repeats `chartData` for the web client. */
export const petalResultsSchema = z.object({
  petal: petalViewSchema.extend({ score: z.number().nullable(), band: bandSchema.nullable(), resultText: z.string(), contributorText: z.string() }),
  wellsprings: z.array(wellspringQuestionsSchema.extend({ average: z.number().nullable() })),
  /** Lotus petals: the single-petal chart; null for energy petals. */
  chartData: petalChartItemSchema.nullable(),
  chart: petalChartItemSchema.nullable(),
  /** Energy petals: their range chart item; null for lotus petals. */
  energyChartData: energyChartItemSchema.nullable(),
});
export type PetalResultsResponse = z.infer<typeof petalResultsSchema>;

/** GET /api/data/GetModuleResults/{module}; the band texts are repeated inside `module` for the web client. */
export const moduleResultsSchema = z.object({
  module: moduleViewSchema.extend({ resultsText1: z.string(), resultsText2: z.string() }),
  score: z.number().nullable(),
  band: bandSchema.nullable(),
  resultsText1: z.string(),
  resultsText2: z.string(),
  petals: z.array(z.object({ petalName: z.string(), displayName: z.string(), score: z.number().nullable(), band: bandSchema.nullable(), resultText: z.string() })),
  /** Experiences and Feelings: the four-petal chart; Energy: []. */
  chartData: z.array(petalChartItemSchema),
  /** Energy: Activity Range, Excitement Range, Overall Energy; other modules: []. */
  energyChartData: z.array(energyChartItemSchema),
});
export type ModuleResultsResponse = z.infer<typeof moduleResultsSchema>;

/** GET /api/data/GetPositivityPotential */
export const positivityPotentialSchema = z.object({
  experienceOpportunities: z.array(z.string()),
  feelingsOpportunities: z.array(z.string()),
  positivityPractices: z.array(z.string()),
  /** Whole percent. */
  resilienceScore: z.number().nullable(),
  /** Whole percent. */
  energyRange: z.number().nullable(),
});
export type PositivityPotential = z.infer<typeof positivityPotentialSchema>;

/** GET /api/data/GetLifeSituationsForm */
export const lifeSituationsFormSchema = z.object({
  title: z.string(),
  introText: z.string(),
  preferNotToSay: z.string(),
  questions: z.array(
    z.object({
      field: z.enum(['relationshipStatus', 'parentingStatus', 'employmentStatus', 'age', 'gender', 'income', 'stressfulEvents']),
      label: z.string(),
      kind: z.enum(['select', 'number']),
      options: z.array(z.string()),
      min: z.number().int().optional(),
      max: z.number().int().optional(),
    }),
  ),
});
export type LifeSituationsForm = z.infer<typeof lifeSituationsFormSchema>;

/** GET /api/data/GetTestimonials */
export const testimonialSchema = z.object({
  id: z.string(),
  quote: z.string(),
  /** Who the story is about, without a name. */
  attribution: z.string(),
  /** File name under /images/testimonials/. */
  image: z.string(),
  alt: z.string(),
  /** True for stories written for the product rather than told by real members. */
  illustrative: z.boolean(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** GET /api/data/GetSiteContent */
export const siteContentSchema = z.object({ productName: z.string(), notDiagnosticNotice: z.string(), findHelpText: z.string() });
export type SiteContent = z.infer<typeof siteContentSchema>;
