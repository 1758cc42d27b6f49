/**
 * Texts of the results summary's Positivity Potential, apart from pages.ts: only that lazily drawn
 * part reads them, and pages.ts travels in every question page's first paint (decision 0041).
 */

/** "Your Wellbeing Positivity Potential" on the results summary (spec 01 §2 "Results summary"). */
export const POTENTIAL_TEXT = {
  title: 'Your Wellbeing Positivity Potential',
  resilience: 'Resilience score',
  energyRange: 'Energy range',
  energyNotEnough: 'Not enough Energy questions were answered for an energy range.',
  noScore: 'Not enough answers for this score.',
  experienceOpportunities: 'Experience opportunities',
  feelingsOpportunities: 'Feelings opportunities',
  positivityPractices: 'Positivity practices',
  none: 'None stand out right now.',
} as const;
