/**
 * @bloom/domain: the Bloom instrument (content pack), scoring, charts, benchmarking, the
 * instrument's own statistics and report assembly. Pure: no I/O, no clock, no React. Browser-safe subpaths:
 * `@bloom/domain/format` (text helpers) and `@bloom/domain/shades` (chart colours).
 */

// ── Instrument model ─────────────────────────────────────────────────────────
/** Fixed names and structure of the instrument (modules, petals, wellsprings, levels, scale). */
export * from './model/instrument';

// ── Content ──────────────────────────────────────────────────────────────────
/** The zod schema of the content pack and the types it produces. */
export * from './content/schema';
/** `content`: the validated bundled pack; `loadContent(source)`: validate any pack. */
export { content, loadContent, bundledContentSource } from './content/load';
/** Cached lookup tables of a content pack (wellsprings in order, petals, question index). */
export { indexContent, type ContentIndex, type QuestionIndexEntry, type WellspringEntry } from './content/content-index';
/** `questionIndex` (guid → module/petal/wellspring/facet/track/order), lookups per guid and per track. */
export { questionIndex, lookupQuestion, questionsForTrack } from './content/questions';
/** Public site content (testimonials, notices, scale, life-situations form). */
export { getSiteView, type SiteView } from './content/site-view';

// ── Text ─────────────────────────────────────────────────────────────────────
/** Flesch reading ease (syllable heuristic) and the plain-language bar (70). */
export { fleschReadingEase, countSyllables, SIMPLE_TEXT_MIN_READING_EASE } from './text/readability';
/** Date, list and rich-text helpers (also at `@bloom/domain/format`). */
export * from './format/index';

// ── Scoring ──────────────────────────────────────────────────────────────────
/** scoreAssessment, positivityPotential, opportunities, scoreRows, answer-map helpers and score types. */
export * from './scoring/index';

// ── Charts ───────────────────────────────────────────────────────────────────
/** Shade index/colour helpers and the petal palette (also at `@bloom/domain/shades`). */
export * from './charts/shades';
/** Eight-, four- and single-petal chart data and energy chart items. */
export * from './charts/chart-data';

// ── Benchmarking ─────────────────────────────────────────────────────────────
/** Life data schema, norms (computeNorms, baselineNorms, selectNorms), phrases and individual differences. */
export * from './benchmark/index';

// ── Instrument statistics ────────────────────────────────────────────────────
/** mean/sampleSd, Cronbach's α and corrected item-total r, reliable change (Jacobson–Truax), scale figures and progress rows. */
export * from './statistics/index';

// ── Organization insight ─────────────────────────────────────────────────────
/** The group lotus: suppression rule (k = 5, complementary, across two periods), mean chart data and scores, quarters. */
export * from './insight/index';

// ── Reports ──────────────────────────────────────────────────────────────────
/** Profile report, positivity plan, coach views and band-text helpers (summaryText…). */
export * from './reports/index';

// ── Journey ──────────────────────────────────────────────────────────────────
/** Content endpoint builders: modules/petals, questions with saved responses, petal/module results. */
export * from './journey/index';

// ── Testing support ──────────────────────────────────────────────────────────
/** Complete answer maps for tests, seeds and benchmarks (answersForAll, randomAnswers, mulberry32). */
export * from './testing/answers';
