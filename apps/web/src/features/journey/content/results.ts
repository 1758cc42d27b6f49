/** Texts of the module intro, module and petal results, and the Life Lotus summary (spec 01 §2). */
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];

export const RESULTS_TEXT = {
  moduleIntroPetals: (count: number) => `In this part you will look at ${NUMBER_WORDS[count] ?? String(count)} petals`,
  moduleTitle: (displayName: string) => `Your Recent ${displayName}`,
  petalTitle: (displayName: string) => `Your ${displayName} Petal`,
  petalEnergyTitle: (displayName: string) => `${displayName} energy`,
  energyTitle: 'Your energy balance',
  drawingChart: 'Drawing your chart...',
  drawingLotus: 'Drawing your lotus...',
  lotusTitle: (brandName: string) => `Your ${brandName} Life Lotus`,
} as const;

/** "Your Wellbeing Positivity Potential" on the results summary (spec 01 §2 "Results summary"). */
export const POTENTIAL_TEXT = {
  title: 'Your Wellbeing Positivity Potential',
  resilience: 'Resilience score',
  energyRange: 'Energy range',
  experienceOpportunities: 'Experience opportunities',
  feelingsOpportunities: 'Feelings opportunities',
  positivityPractices: 'Positivity practices',
  none: 'None stand out right now.',
} as const;
