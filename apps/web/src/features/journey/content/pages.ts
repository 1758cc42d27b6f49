/**
 * Texts of the journey's pages, kept in one module so they travel in the chunk every journey page
 * already loads (a module of its own would be one more chunk, named in the entry's preload map).
 */

/** Every page: loading, a page that could not load, and the Next button. */
export const JOURNEY_PAGE_TEXT = {
  loading: 'Loading...',
  unavailable: 'This page could not be loaded just now.',
  retry: 'Try again',
  next: 'Next',
  continue: 'Continue',
} as const;

/** The line above a petal page's title: "Positive Experiences · Petal 2 of 4". */
export const PETAL_EYEBROW = (moduleName: string, petal: number, petals: number) => `${moduleName} · Petal ${petal} of ${petals}`;

/**
 * The browser tab's title of each question page (WCAG 2.4.2; PageTitle adds the product's name).
 * Pages with one heading use its text; question pages say which questions they ask.
 */
export const PAGE_TITLES = {
  moduleQuestions: (moduleName: string) => `${moduleName} questions`,
  petalQuestions: (petalName: string, moduleName: string) => `${petalName} questions · ${moduleName}`,
  /** The heading names the product too; the tab's title already ends with it. */
  lotus: 'Your Life Lotus',
} as const;
