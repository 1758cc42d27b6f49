/** The report pages' GET reads that a page starts before its code has loaded (see app/route-reads.ts). */
export const PROFILE_REPORT_PATH = '/api/data/GetBloomProfileReport/:assessmentId';
