/** The journey's GET reads that a page starts before its code has loaded (see app/route-reads.ts). */
export const EIGHT_PETAL_PATH = '/api/data/getEightPetalData';
export const POSITIVITY_POTENTIAL_PATH = '/api/data/GetPositivityPotential';
export const SUMMARY_TEXT_PATH = '/api/data/GetSummaryText';
export const LATEST_ASSESSMENT_PATH = '/api/user/GetLatestAssessment';
export const MODULE_QUESTIONS_PATH = '/api/data/GetModuleQuestions/:moduleName';

/** Everything the Life Lotus results page reads on arrival. */
export const RESULTS_PAGE_READS = [SUMMARY_TEXT_PATH, EIGHT_PETAL_PATH, POSITIVITY_POTENTIAL_PATH, LATEST_ASSESSMENT_PATH] as const;
