/**
 * The GET reads each page of the route map (routes.tsx) starts when navigation to it begins, as
 * templates over the page's route params, built from the endpoint table (lib/read-paths.ts). The
 * web build passes them to the server with the page's files (build/route-hints.ts), which names
 * them in the HTML of a first visit, so the browser asks for them while the scripts are still
 * downloading. The build loads it through Vite's module runner (build/route-hints.ts).
 */
import { RESULTS_PAGE_READS } from '../features/journey/api/early-reads';
import { readTemplate } from '../lib/read-paths';

export const ROUTE_READS: Readonly<Record<string, readonly string[]>> = {
  '/Rapid/:moduleName': [readTemplate('getModuleQuestions', { module: 'moduleName' })],
  '/YourLifeLotus': RESULTS_PAGE_READS.map((name) => readTemplate(name)),
  '/BloomProfileReport/:assessmentId': [readTemplate('getBloomProfileReport', { assessmentId: 'assessmentId' })],
};
