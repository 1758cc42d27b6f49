/** Positivity potential and score rows, derived from scores (DESIGN §3). */
import { MAX_OPPORTUNITIES_PER_MODULE, POSITIVE_THRESHOLD, type WellbeingModuleName } from '../model/instrument';
import type { Content } from '../content/schema';
import { indexContent } from '../content/content-index';
import { content as bundledContent } from '../content/load';
import { roundTo } from './stats';
import type { AssessmentScores, PositivityPotential, ScoreRow, WellspringScore } from './types';

/**
 * A module's opportunities: wellsprings scoring below 2, lowest first, ties in content
 * order (the sort is stable and the list starts in content order), at most 3.
 */
export function opportunities(scores: AssessmentScores, moduleName: WellbeingModuleName): WellspringScore[] {
  return scores.wellsprings
    .filter((w) => w.moduleName === moduleName && w.score !== null && w.score < POSITIVE_THRESHOLD)
    .sort((a, b) => (a.score as number) - (b.score as number))
    .slice(0, MAX_OPPORTUNITIES_PER_MODULE);
}

/** GetPositivityPotential: opportunities, their practices, resilience and energy range. */
export function positivityPotential(scores: AssessmentScores, content: Content = bundledContent): PositivityPotential {
  const index = indexContent(content);
  const experiences = opportunities(scores, 'Experiences');
  const feelings = opportunities(scores, 'Feelings');
  return {
    experienceOpportunities: experiences.map((w) => w.label),
    feelingsOpportunities: feelings.map((w) => w.label),
    positivityPractices: [...experiences, ...feelings].map(
      (w) => index.wellspringByName.get(w.wellspringName)?.wellspring.practice.text ?? '',
    ),
    resilienceScore: scores.resilience.overall,
    energyRange: scores.energy.energyRange,
  };
}

/**
 * GetAssessmentScores rows (DESIGN §3), 0..4 scores rounded to 2 decimals, resilience
 * in whole percent. Order: WellBeing, Mindset, Resilience, then Active, Aware, Calm.
 */
export function scoreRows(scores: AssessmentScores): ScoreRow[] {
  const [calm, aware, active] = scores.energy.overall;
  return [
    { category: 'WellBeing', scoreType: 'Overall', score: roundTo(scores.wellBeing.overall) },
    { category: 'WellBeing', scoreType: 'Experiences', score: roundTo(scores.wellBeing.experiences) },
    { category: 'WellBeing', scoreType: 'Feelings', score: roundTo(scores.wellBeing.feelings) },
    { category: 'Mindset', scoreType: 'Overall', score: roundTo(scores.mindset.overall) },
    { category: 'Mindset', scoreType: 'Self', score: roundTo(scores.mindset.self) },
    { category: 'Mindset', scoreType: 'Others', score: roundTo(scores.mindset.others) },
    { category: 'Resilience', scoreType: 'Overall', score: scores.resilience.overall },
    { category: 'Resilience', scoreType: 'Experiences', score: scores.resilience.experiences },
    { category: 'Resilience', scoreType: 'Feelings', score: scores.resilience.feelings },
    { category: 'Active', scoreType: 'Overall', score: roundTo(active) },
    { category: 'Aware', scoreType: 'Overall', score: roundTo(aware) },
    { category: 'Calm', scoreType: 'Overall', score: roundTo(calm) },
  ];
}
