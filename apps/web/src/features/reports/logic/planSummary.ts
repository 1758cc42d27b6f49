/**
 * The plan's simple-language summary (spec 02 §2): one short card per plan section, in the
 * section order, each linking to its detailed section. Pure, so the wording rules are testable.
 */
import { RESPONSE_LABELS } from '@bloom/contracts/constants';
import type { OpportunitiesAndAffirmations, PositivityPlan } from '../api/types';
import { PLAN_SECTIONS, PLAN_SIMPLE_TEXT, type PlanSectionId } from '../content/plan';

export interface SummaryCard {
  id: PlanSectionId;
  title: string;
  /** A sentence, or a list (an empty list reads "None"). */
  text?: string;
  items?: string[];
}

/** At most this many list items per card: the summary stays short, the detail has the rest. */
export const SUMMARY_ITEMS_MAX = 3;

/** "Often" for 2.2: the nearest label of the 0..4 response scale. */
export function responseWord(value: number | undefined): string {
  if (typeof value !== 'number' || Number.isNaN(value)) return '–';
  const index = Math.min(RESPONSE_LABELS.length - 1, Math.max(0, Math.round(value)));
  return RESPONSE_LABELS[index]!.toLowerCase();
}

const moduleOf = (plan: PositivityPlan, moduleName: 'Experiences' | 'Feelings'): OpportunitiesAndAffirmations | undefined =>
  plan.opportunitiesAndAffirmations.find((m) => m.moduleName === moduleName);

const first = (items: readonly string[] | undefined) => (items ?? []).slice(0, SUMMARY_ITEMS_MAX);

/** Calm, Aware and Active in words; without Energy scores (below the coverage rule, decision 0064) the not-enough-answers line. */
function energyText(overallEnergy: readonly number[]): string {
  if (overallEnergy.length === 0) return PLAN_SIMPLE_TEXT.energyNotEnough;
  return PLAN_SIMPLE_TEXT.energy(responseWord(overallEnergy[0]), responseWord(overallEnergy[1]), responseWord(overallEnergy[2]));
}

export function planSummaryCards(plan: PositivityPlan): SummaryCard[] {
  const experiences = moduleOf(plan, 'Experiences');
  const feelings = moduleOf(plan, 'Feelings');
  const overallEnergy = plan.energyChartData.find((item) => item.category === 'Overall Energy')?.values ?? [];
  const [self, others] = plan.mindsetResults.chartData[0]?.values ?? [];
  const resilience = plan.resilienceResults.chartData[0]?.values[2];
  const overallPhrase = plan.individualDifferences.overallRelativeToAverage;
  const aboutTheSame = overallPhrase === 'about the same' || overallPhrase === 'not available';
  const differencesText = plan.individualDifferences.provisional
    ? aboutTheSame
      ? PLAN_SIMPLE_TEXT.differencesSameProvisional
      : PLAN_SIMPLE_TEXT.differencesProvisional(overallPhrase)
    : aboutTheSame
      ? PLAN_SIMPLE_TEXT.differencesSame
      : PLAN_SIMPLE_TEXT.differences(overallPhrase);

  const content: Record<PlanSectionId, Omit<SummaryCard, 'id' | 'title'>> = {
    'life-lotus': { text: plan.summaryTextSimple },
    wellbeing: { text: plan.roleText },
    experiences: { items: first(experiences?.opportunitiesSimple) },
    activities: { items: first(experiences?.practicesSimple) },
    intentions: { items: first([...(experiences?.intentionsSimple ?? []), ...(feelings?.intentionsSimple ?? [])]) },
    feelings: { items: first(feelings?.opportunitiesSimple) },
    ideas: { items: first([...(feelings?.practicesSimple ?? []), ...plan.mindfulPractices.map((p) => p.simpleText)]) },
    affirmations: { items: first([...(experiences?.affirmationsSimple ?? []), ...(feelings?.affirmationsSimple ?? [])]) },
    energy: { text: energyText(overallEnergy) },
    mindset: { text: PLAN_SIMPLE_TEXT.mindset(responseWord(self), responseWord(others)) },
    resilience: { text: PLAN_SIMPLE_TEXT.resilience(typeof resilience === 'number' ? `${Math.round(resilience)}%` : '–') },
    'individual-differences': { text: differencesText },
    'action-plan': { items: first(plan.actionPlan.map((step) => step.simpleText)) },
    outro: { text: PLAN_SIMPLE_TEXT.outro },
  };
  return PLAN_SECTIONS.map((section) => ({ id: section.id, title: section.lead, ...content[section.id] }));
}
