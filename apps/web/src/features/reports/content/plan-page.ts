/**
 * The Positivity Plan page's words from before the plan is drawn: its title and the loading
 * screen's steps. Apart from plan.ts, whose texts come with the plan's code: the page's first
 * paint carries only these (decision 0041).
 */

export const PLAN_PAGE_TITLE = 'Positivity Plan';

export const PLAN_LOADING_STEPS = [
  'Gathering your answers',
  'Scoring your wellsprings',
  'Drawing your Life Lotus',
  'Finding what supports you',
  'Spotting your opportunities',
  'Choosing activities for you',
  'Setting your intentions',
  'Picking ideas for your feelings',
  'Writing your affirmations',
  'Balancing your energy',
  'Comparing with others',
  'Putting your action plan together',
] as const;

export const PLAN_LOADING_MS = 105_000;
