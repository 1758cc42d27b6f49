/**
 * Every word the report, plan and upsell pages show (spec 02 §2, §4, §8, §9). Components read
 * from here; nothing user-facing is written inline in them.
 */
import { BRAND } from '../../content/brand';

/** Spec 02 §9: 7 step labels for the profile report, 12 for the plan. */
export const PROFILE_LOADING_STEPS = [
  'Gathering your answers',
  'Scoring your wellsprings',
  'Drawing your Life Lotus',
  'Reading your experiences and feelings',
  'Balancing your energy',
  'Comparing with others',
  'Writing your report',
] as const;

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

/** Spec 02 §9: the bar's longest run (it finishes early as soon as the data arrives). */
export const PROFILE_LOADING_MS = 15_000;
export const PLAN_LOADING_MS = 105_000;

export const LOADING_TEXT = {
  profileTitle: 'Creating your Profile Report',
  planTitle: 'Creating your Positivity Plan',
  progressLabel: 'Report progress',
  stepsLabel: 'Steps',
  takingLonger: 'This is taking longer than usual. Thank you for waiting, your report is almost ready.',
  /** Spec 02 §5/§8, word for word. */
  error: 'There was an error while creating the report.',
  retry: 'Try again',
} as const;

export const ACCESS_TEXT = {
  pendingTitle: 'Pending coach approval',
  pendingBody:
    'Your coach reviews Professional results with you first. Your report and plan will appear here as soon as your coach grants access.',
  signInTitle: 'Sign up to see your free Profile Report',
  signInBody: 'Create a free account, or log in, to keep your results and read your Profile Report.',
  signInButton: 'Sign Up / Log In',
  notFoundTitle: 'We could not find this report',
  notFoundBody: 'The link may be mistyped, or the report belongs to another account.',
  toDashboard: 'Go to my dashboard',
  incompleteTitle: 'This assessment needs more answers',
  incompleteBody:
    'Too few questions are answered for a report or a plan we could stand behind. Finish the assessment, or start a new one from your dashboard.',
} as const;

export const REPORT_TEXT = {
  eyebrow: `${BRAND.name} Profile Report`,
  pageTitle: 'Profile Report',
  takenOn: 'Taken on',
  assessmentLabel: 'Assessment',
  rapid: 'Rapid',
  professional: 'Professional',
  goToPlan: 'Go to Positivity Plan',
  print: 'Print report',
  lotusTitle: 'Your Life Lotus',
  lotusIntro: 'Each petal shows how often its three wellsprings flowed for you over the past two weeks. Deeper shades mean more often.',
  summaryTitle: 'Your summary',
  whereFromTitle: 'Where your well-being comes from',
  experiencesTitle: 'Positive Experiences',
  feelingsTitle: 'Positive Feelings',
  petalsHeading: (module: string) => `Your ${module.toLowerCase()} petal by petal`,
  scoreLabel: 'Score',
  scoreOutOf: 'out of 4',
  energyTitle: 'Energy Balance',
  energyIntro: 'Calm energy restores, aware energy focuses and active energy gets you moving. A healthy mix moves between all three.',
  mindsetTitle: 'Mindset Positivity',
  mindsetIntro: 'How evenly your well-being draws on caring for yourself and on connecting with others. Balance is 4 when both sides are equal.',
  resilienceTitle: 'Wellbeing Resilience',
  resilienceIntro: 'The share of your wellsprings flowing often or more. The more sources you have, the sturdier your well-being when one runs dry.',
  opportunitiesTitle: 'Your wellbeing opportunities',
  opportunitiesIntro: 'Wellsprings that flowed less than often. A small, steady change in one of them could make a noticeable difference.',
  tryThis: 'Try this:',
  closingTitle: 'Where to go from here',
  noneText: 'None',
} as const;

export const DIFFERENCES_TEXT = {
  title: 'Individual Differences',
  intro: 'How your results compare with others. Words like “slightly”, “somewhat” and “significantly” describe the size of the difference.',
  caption: 'Your results compared with others',
  measureHeader: 'Measure',
  averageHeader: 'You compared with the average',
  othersHeader: 'You compared with people in similar circumstances',
  othersVsAverageHeader: 'People in similar circumstances compared with the average',
  rows: [
    { key: 'overall', label: 'Overall well-being' },
    { key: 'experiences', label: 'Positive experiences' },
    { key: 'feelings', label: 'Positive feelings' },
    { key: 'mindset', label: 'Mindset balance' },
    { key: 'resilience', label: 'Resilience' },
  ],
  provisionalLabel: 'Provisional',
  /** DESIGN §4 / docs/instrument.md: the baseline is simulated, and we say so. */
  provisionalGroup: (size: string) =>
    `Compared with a provisional reference group of ${size} simulated profiles. Until enough people have taken part, the comparison with people in similar circumstances uses the same reference group.`,
  liveGroup: (groupSize: string, populationSize: string) =>
    `Compared with ${groupSize} people in similar life circumstances, out of ${populationSize} people who share their results for research.`,
  notSignificance: 'These are sizes of difference, not medical or statistical verdicts.',
} as const;

/** Closing advice (spec 02 §9: retake every 1–3 months during active change, yearly when life is full; habits take 4 to 16 weeks). */
export const RETAKE_ADVICE = {
  title: 'When to retake',
  points: [
    'Every 1 to 3 months while you are actively working on a change.',
    'Once a year when life feels full and steady.',
    'New habits usually take 4 to 16 weeks to settle, so give a practice time before you judge it.',
  ],
} as const;

export const PLAN_TEXT = {
  eyebrow: `${BRAND.name} Positivity Plan`,
  pageTitle: 'Positivity Plan',
  summaryTitle: 'Your plan in simple words',
  summaryIntro: 'A short version of your plan. Follow a link to read more about any part.',
  readMore: 'Read more',
  detailTitle: 'Your detailed plan',
  print: 'Print plan',
  toReport: 'View Profile Report',
  wellspringsLabel: 'Wellsprings',
  contributorsTitle: 'What supports you',
  opportunitiesTitle: 'Your opportunities',
  moreThanOthers: 'More often than people like you',
  lessThanOthers: 'Less often than people like you',
  lifeSituationsTitle: 'Compared with people in similar life situations',
  lifeSituationsIntro: 'Wellsprings that flowed noticeably more or less often for you than for people whose life situations are like yours.',
  /** When no similar-life-situations group was used (Skip All, too few matches): the lists compare with everyone. */
  wholeGroupTitle: 'Compared with the whole group',
  wholeGroupIntro: 'Wellsprings that flowed noticeably more or less often for you than across the whole group you were compared with.',
  moreThanGroup: 'More often than the group',
  lessThanGroup: 'Less often than the group',
  mindfulPracticesTitle: 'Mindful practices',
  noneText: 'None',
} as const;

/** The plan's sections: anchor ids of spec 02 §2, in order, with their titles and simple-summary lead. */
export const PLAN_SECTIONS = [
  { id: 'life-lotus', title: 'Your Life Lotus', lead: 'Your lotus at a glance' },
  { id: 'wellbeing', title: 'Your well-being', lead: 'Where your well-being comes from' },
  { id: 'experiences', title: 'Positive Experiences', lead: 'Experiences to grow' },
  { id: 'activities', title: 'Activities to try', lead: 'Things to do' },
  { id: 'intentions', title: 'Intentions', lead: 'Ways to think about it' },
  { id: 'feelings', title: 'Positive Feelings', lead: 'Feelings to grow' },
  { id: 'ideas', title: 'Ideas for your feelings', lead: 'Ideas to try' },
  { id: 'affirmations', title: 'Affirmations', lead: 'Words to tell yourself' },
  { id: 'energy', title: 'Energy Balance', lead: 'Your energy' },
  { id: 'mindset', title: 'Mindset Positivity', lead: 'Your mindset' },
  { id: 'resilience', title: 'Wellbeing Resilience', lead: 'Your resilience' },
  { id: 'individual-differences', title: 'Individual Differences', lead: 'You and others' },
  { id: 'action-plan', title: 'Your action plan', lead: 'Your next steps' },
  { id: 'outro', title: 'Keep blooming', lead: 'What comes next' },
] as const;

export type PlanSectionId = (typeof PLAN_SECTIONS)[number]['id'];

/** Plain-language lines for the summary cards whose content has no simple text of its own. */
export const PLAN_SIMPLE_TEXT = {
  energy: (calm: string, aware: string, active: string) =>
    `Calm: ${calm}. Aware: ${aware}. Active: ${active}. A good mix of all three helps you most.`,
  mindset: (self: string, others: string) => `Care for you: ${self}. Care for others: ${others}. Both count.`,
  resilience: (percent: string) => `${percent} of your wellsprings flow often. More sources make you stronger.`,
  differences: (overall: string) => `Your overall well-being is ${overall} than the average.`,
  differencesSame: 'Your overall well-being is close to the average.',
  outro: 'Try one or two things for a few weeks. Then take Bloom again to see how you have grown.',
  noOpportunities: 'All your wellsprings flow often. Keep doing what works for you.',
} as const;

/** Spec 02 §2 "Upsell"; §9: $9.99 plan, free profile shown as a $10 value. */
export const UPSELL_TEXT = {
  pageTitle: 'Your Personal Profile is Ready',
  title: 'Your Personal Profile is Ready!',
  intro: 'Your answers are in and your results are waiting. Start with your free Profile Report, or unlock your Positivity Plan for personal next steps.',
  profileName: 'Profile Report',
  profileTag: 'Included',
  profilePrice: 'Free',
  profileValue: '$10 value',
  profileFeatures: ['Your Life Lotus', 'Summary of your experiences and feelings', 'Energy, mindset and resilience charts', 'How you compare with others'],
  viewProfile: 'View My Profile',
  planName: 'Positivity Plan',
  planTag: 'Best next step',
  planFeatures: [
    'Everything in the Profile Report',
    'Your plan in simple words',
    'Activities, intentions and affirmations chosen for you',
    'Mindful practices and a step-by-step action plan',
  ],
  purchase: 'Purchase My Plan',
  limitedTime: 'for a limited time only!',
  /** Read before the struck-through and the sale price, so screen readers hear which is which. */
  regularPriceLabel: 'Regular price ',
  salePriceLabel: 'Now ',
  oneTime: 'One-time payment',
  tableTitle: 'What each one includes',
  tableAlt:
    'Comparison table. Profile Report, free: Life Lotus, summary, energy, mindset and resilience charts, comparison with others. Positivity Plan: all of those, plus the plan in simple words, activities, intentions, affirmations, mindful practices and an action plan.',
  tableDesktopSrc: '/images/reports/upsell-table-desktop.svg',
  tableMobileSrc: '/images/reports/upsell-table-mobile.svg',
  purchaseFailed: 'We could not start the checkout. Please try again.',
  signInFailed: 'We could not reach the sign-in page. Please try again.',
} as const;

/** Spec 02 §9: the plan price when the pricing call fails. */
export const DEFAULT_PLAN_PRICE_CENTS = 999;
