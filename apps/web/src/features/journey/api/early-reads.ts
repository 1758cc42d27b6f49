/**
 * The journey's GET reads that a page starts before its code has loaded, named as in the endpoint
 * table (see app/route-reads.ts). Plain data: the build imports it.
 */

/**
 * Everything the Life Lotus results page reads on arrival, all of the caller's latest assessment.
 * The coverage rule's answer too: the page draws its figures (the summary, its largest paint) only
 * once it has it.
 */
export const RESULTS_PAGE_READS = ['getSummaryText', 'getEightPetalData', 'getPositivityPotential', 'getLatestAssessment', 'getResultsCoverage'] as const;
export type ResultsPageRead = (typeof RESULTS_PAGE_READS)[number];
