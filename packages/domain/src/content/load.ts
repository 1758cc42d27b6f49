/**
 * Loads the bundled content pack and validates it against the schema. The module-level
 * `content` singleton is parsed once at import, so a broken pack fails at start-up
 * (and in the content test), never halfway through a user's report.
 */
import experiences from './experiences.json';
import feelings from './feelings.json';
import energy from './energy.json';
import lifeSituations from './life-situations.json';
import site from './site.json';
import testimonials from './testimonials.json';
import palette from '../charts/palette.json';
import { ContentSchema, type Content } from './schema';

/** The raw, unvalidated JSON files as one object (what the schema is applied to). */
export const bundledContentSource: unknown = { site, testimonials, lifeSituations, experiences, feelings, energy, palette };

/** Validates a content pack (the bundled one by default) and returns it deeply frozen. */
export function loadContent(source: unknown = bundledContentSource): Content {
  return deepFreeze(ContentSchema.parse(source));
}

/** The validated bundled content pack. */
export const content: Content = loadContent();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
