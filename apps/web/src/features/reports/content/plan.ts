/** The Positivity Plan's words (spec 02 §2, §9); the page's title and loading steps are in plan-page.ts. */
import { BRAND } from '../../../content/brand';

export const PLAN_TEXT = {
  eyebrow: `${BRAND.name} Positivity Plan`,
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
  /** Energy below the coverage rule has no scores (decision 0064): the detailed section's own words (site.json noDataText). */
  energyNotEnough: 'There are not enough answers in this area yet to describe it.',
  mindset: (self: string, others: string) => `Care for you: ${self}. Care for others: ${others}. Both count.`,
  resilience: (percent: string) => `${percent} of your wellsprings flow often. More sources make you stronger.`,
  differences: (overall: string) => `Your overall well-being is ${overall} than the average.`,
  differencesSame: 'Your overall well-being is close to the average.',
  /** While the comparison uses the simulated baseline (DESIGN §4: labelled provisional wherever it is stated). */
  differencesProvisional: (overall: string) => `Your overall well-being is ${overall} than the average of a provisional reference group of simulated profiles.`,
  differencesSameProvisional: 'Your overall well-being is close to the average of a provisional reference group of simulated profiles.',
  outro: 'Try one or two things for a few weeks. Then take Bloom again to see how you have grown.',
  noOpportunities: 'All your wellsprings flow often. Keep doing what works for you.',
} as const;
