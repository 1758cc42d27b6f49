/**
 * Texts of the results pages, apart from pages.ts: the question pages carry pages.ts in their first
 * paint and never show these (decision 0041; their first paint is within 0.1 KB of its budget).
 */

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];

/** The module intro, module and petal results, and the Life Lotus summary (spec 01 §2). */
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
