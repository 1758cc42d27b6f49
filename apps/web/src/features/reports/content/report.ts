/**
 * The Profile Report's words (spec 02 §2, §4, §8, §9): its loading screen, the access messages and
 * the report's sections. The plan, upsell and comparison texts are in files of their own, so a
 * page's code carries only the words it shows (issue 28 part 3).
 */
import { BRAND } from '../../../content/brand';

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

/** Spec 02 §9: the bar's longest run (it finishes early as soon as the data arrives). */
export const PROFILE_LOADING_MS = 15_000;

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
  signInFailed: 'We could not reach the sign-in page. Please try again.',
  incompleteTitle: 'This assessment needs more answers',
  incompleteBody:
    'Too few questions are answered for a report or a plan we could stand behind. Finish the assessment, or start a new one from your dashboard.',
  /** A coach opening a client's plan the client has not bought: the coach cannot buy it for them. */
  coachLockedTitle: 'This Positivity Plan is not unlocked yet',
  coachLockedBody: (client: string | null) =>
    `${client ?? 'Your client'} has not unlocked the Positivity Plan for this assessment yet. Once they do, you can read it here. Their Profile Report and your Coach Supplement are on your dashboard.`,
  toCoachDashboard: 'Back to the Coach Dashboard',
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
