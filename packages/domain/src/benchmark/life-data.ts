/**
 * Life data (spec 01 §3/§5) and how it becomes matching criteria for the
 * "people in similar life circumstances" comparison (DESIGN §4).
 */
import { z } from 'zod';

export const PREFER_NOT_TO_SAY = 'Prefer not to say';
/** Age value meaning "not stated". */
export const AGE_NOT_STATED = -1;

export const LIFE_OPTIONS = {
  relationshipStatus: ['Single', 'Steady relationship', 'Living with partner', 'Married or domestic partnership', 'Divorced or separated', 'Widowed', 'Other arrangement'],
  parentingStatus: ['No children', 'Single-parent household', 'Co-parenting arrangement', 'Two-parent household', 'Parent with no children at home'],
  employmentStatus: ['Unemployed', 'Student', 'Self-employed', 'Employed part-time', 'Employed full time', 'Homemaker', 'Retired'],
  gender: ['Female', 'Male', 'Nonbinary'],
  income: ['<$25,000', '$25,000 to $50,000', '$50,000 to $75,000', '$75,000 to $100,000', '$100,000 to $125,000', '>$125,000'],
  stressfulEvents: ['Yes', 'No'],
} as const;

const choice = <T extends readonly [string, ...string[]]>(options: T) => z.enum([...options, PREFER_NOT_TO_SAY]);

/** Validates a SaveLifeData body: each choice is an option or "Prefer not to say"; age is -1 or 0..120. */
export const LifeDataSchema = z.strictObject({
  relationshipStatus: choice(LIFE_OPTIONS.relationshipStatus),
  parentingStatus: choice(LIFE_OPTIONS.parentingStatus),
  employmentStatus: choice(LIFE_OPTIONS.employmentStatus),
  age: z.int().min(AGE_NOT_STATED).max(120),
  gender: choice(LIFE_OPTIONS.gender),
  income: choice(LIFE_OPTIONS.income),
  stressfulEvents: choice(LIFE_OPTIONS.stressfulEvents),
});
export type LifeData = z.output<typeof LifeDataSchema>;

/** What "Skip All" saves. */
export const SKIPPED_LIFE_DATA: LifeData = {
  relationshipStatus: PREFER_NOT_TO_SAY,
  parentingStatus: PREFER_NOT_TO_SAY,
  employmentStatus: PREFER_NOT_TO_SAY,
  age: AGE_NOT_STATED,
  gender: PREFER_NOT_TO_SAY,
  income: PREFER_NOT_TO_SAY,
  stressfulEvents: PREFER_NOT_TO_SAY,
};

/** Matching criteria, in the order they are DROPPED when a group is too small (DESIGN §4). */
export const CRITERIA_DROP_ORDER = [
  'income',
  'employmentStatus',
  'parentingStatus',
  'relationshipStatus',
  'stressfulEvents',
  'gender',
  'ageBand',
] as const;
export type CriterionKey = (typeof CRITERIA_DROP_ORDER)[number];
/** A set of stated life-data values that group members share. */
export type LifeCriteria = Partial<Record<CriterionKey, string>>;

/** Age bands used for matching (ages are too sparse to match exactly). */
export function ageBand(age: number): string | null {
  if (!Number.isFinite(age) || age < 0) return null;
  if (age < 25) return 'under 25';
  if (age < 35) return '25-34';
  if (age < 45) return '35-44';
  if (age < 55) return '45-54';
  if (age < 65) return '55-64';
  return '65 and over';
}

/** The stated fields of a person's life data; "Prefer not to say", blanks and age -1 are left out. */
export function statedCriteria(lifeData: Partial<LifeData> | null | undefined): LifeCriteria {
  const criteria: LifeCriteria = {};
  if (!lifeData) return criteria;
  for (const key of CRITERIA_DROP_ORDER) {
    if (key === 'ageBand') {
      const band = typeof lifeData.age === 'number' ? ageBand(lifeData.age) : null;
      if (band) criteria.ageBand = band;
      continue;
    }
    const value = lifeData[key];
    if (typeof value === 'string' && value.trim() !== '' && value !== PREFER_NOT_TO_SAY) criteria[key] = value;
  }
  return criteria;
}

/** Canonical key of a criteria set ("" is the whole population). */
export function criteriaKey(criteria: LifeCriteria): string {
  return CRITERIA_DROP_ORDER.filter((k) => criteria[k] !== undefined)
    .map((k) => `${k}=${criteria[k]}`)
    .join('|');
}

/**
 * The criteria sets to try for a person, most specific first: all stated fields, then
 * dropping income, employment, parenting, relationship, stressful events, gender and
 * age band in turn (repeats skipped), ending with {} (the population).
 */
export function criteriaLadder(lifeData: Partial<LifeData> | null | undefined): LifeCriteria[] {
  const current: LifeCriteria = { ...statedCriteria(lifeData) };
  const ladder: LifeCriteria[] = [{ ...current }];
  for (const key of CRITERIA_DROP_ORDER) {
    if (current[key] === undefined) continue;
    delete current[key];
    ladder.push({ ...current });
  }
  return ladder;
}
