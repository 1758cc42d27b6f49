/**
 * The GET reads each page of the route map (routes.tsx) starts when navigation to it begins, as
 * templates over the page's route params. The web build passes them to the server with the
 * page's files (build/route-hints.ts), which names them in the HTML of a first visit, so the
 * browser asks for them while the scripts are still downloading. Plain data: vite.config.ts
 * imports it.
 */
import { MODULE_QUESTIONS_PATH, RESULTS_PAGE_READS } from '../features/journey/api/read-paths';
import { PROFILE_REPORT_PATH } from '../features/reports/api/read-paths';

export const ROUTE_READS: Readonly<Record<string, readonly string[]>> = {
  '/Rapid/:moduleName': [MODULE_QUESTIONS_PATH],
  '/YourLifeLotus': RESULTS_PAGE_READS,
  '/BloomProfileReport/:assessmentId': [PROFILE_REPORT_PATH],
};
