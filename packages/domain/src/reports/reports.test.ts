import { describe, expect, it } from 'vitest';
import { buildProfileReport } from './profile-report';
import { buildPositivityPlan } from './positivity-plan';
import { coachAssessmentOverview, coachComprehensive } from './coach';
import { mindsetLean, summaryText } from './texts';
import { scoreAssessment } from '../scoring/score-assessment';
import { answersForAll, randomAnswers } from '../testing/answers';
import { baselineNorms } from '../benchmark/baseline';
import { individualDifferences } from '../benchmark/individual-differences';
import { SKIPPED_LIFE_DATA } from '../benchmark/life-data';
import { content } from '../content/load';
import { PETAL_NAMES } from '../model/instrument';
import { shadeIndex } from '../charts/shades';

function plan(isNinetyItem: boolean, answers: Map<string, number>) {
  const scores = scoreAssessment({ isNinetyItem, answers });
  const diffs = individualDifferences(scores, SKIPPED_LIFE_DATA, baselineNorms);
  return buildPositivityPlan({
    scores,
    individualDifferences: diffs,
    lifeData: SKIPPED_LIFE_DATA,
    norms: baselineNorms,
    clientName: ' Ada Lovelace ',
    assessmentDate: '2026-03-05T10:00:00Z',
  });
}

describe('profile report', () => {
  const scores = scoreAssessment({ isNinetyItem: false, answers: randomAnswers(false, 7) });
  const report = buildProfileReport({ scores, individualDifferences: individualDifferences(scores, null, baselineNorms), assessmentDate: '2026-03-05' });

  it('has the spec 02 §3 fields', () => {
    for (const key of [
      'BloomProfile', 'summaryText', 'experiencesAndFeelingsSummaryText', 'experiencesAndFeelingsResults',
      'energyAndResilienceSummaryText', 'mindsetResults', 'resilienceResults', 'roleText', 'wellbeingOpportunities',
    ]) expect(report).toHaveProperty(key);
    expect(Object.keys(report.experiencesAndFeelingsSummaryText)).toEqual(['Experiences', 'Feelings']);
    expect(Object.keys(report.energyAndResilienceSummaryText)).toEqual(['Energy', 'Resilience']);
    expect(report.energyAndResilienceSummaryText.Energy.text.length).toBeGreaterThan(0);
    expect(report.assessmentDate).toBe('March 5, 2026');
  });

  it('charts the ten categories with category, values and subCategories', () => {
    const chart = report.BloomProfile.chartData;
    expect(chart.map((c) => c.category)).toEqual(['Body', 'Mind', 'Connection', 'Purpose', 'Openness', 'Wellness', 'Significance', 'Efficacy', 'Activity', 'Excitement']);
    expect(chart[3]!.subCategories).toEqual(['Be Kind', 'Serve', 'Provide']);
    expect(chart[9]!.subCategories).toEqual(['Calm', 'Aware', 'Active']);
    expect(chart.every((c) => c.values.length === 3)).toBe(true);
    expect(report.mindsetResults.chartData[0]!.subCategories).toEqual(['Self', 'Others', 'Balance']);
    expect(report.resilienceResults.chartData[0]!.values[2]).toBe(scores.resilience.overall);
  });

  it('lists the same opportunities as the positivity potential', () => {
    const expected = scores.wellsprings.filter((w) => (w.score ?? 4) < 2);
    expect(report.wellbeingOpportunities.length).toBeLessThanOrEqual(6);
    for (const o of report.wellbeingOpportunities) expect(expected.map((w) => w.label)).toContain(o.label);
  });
});

describe('summary text', () => {
  it('adds where to find help for low results only', () => {
    const low = scoreAssessment({ isNinetyItem: false, answers: answersForAll(false, () => 0) });
    const high = scoreAssessment({ isNinetyItem: false, answers: answersForAll(false, () => 4) });
    expect(summaryText(low)).toContain(content.site.findHelpText);
    expect(summaryText(low).startsWith(content.site.summaryText[0])).toBe(true);
    expect(summaryText(high)).toBe(content.site.summaryText[4]);
  });
  it('reads mindset as balanced, self- or others-leaning', () => {
    const balanced = scoreAssessment({ isNinetyItem: false, answers: answersForAll(false, () => 3) });
    expect(mindsetLean(balanced)).toBe('balanced');
    const self = scoreAssessment({
      isNinetyItem: false,
      answers: answersForAll(false, (q) => (['Body', 'Mind', 'Openness', 'Wellness'].includes(q.petal) ? 4 : 1)),
    });
    expect(mindsetLean(self)).toBe('self');
  });
});

describe('positivity plan', () => {
  it('holds the profile report plus the plan fields', () => {
    const p = plan(true, randomAnswers(true, 3));
    expect(p.clientName).toBe('Ada Lovelace');
    const overall = scoreAssessment({ isNinetyItem: true, answers: randomAnswers(true, 3) }).wellBeing.overall!;
    expect(p.summaryTextSimple).toBe(content.site.summaryTextSimple[shadeIndex(overall)]);
    expect(Object.keys(p.contributors).sort()).toEqual([...PETAL_NAMES].sort());
    expect(p.moduleContributors.map((m) => m.moduleName)).toEqual(['Experiences', 'Feelings', 'Energy']);
    expect(p.opportunitiesAndAffirmations.map((m) => m.moduleName)).toEqual(['Experiences', 'Feelings']);
    expect(p.lifeSituationsFrequency).toEqual(expect.objectContaining({ experiencesMore: expect.any(Array), feelingsLess: expect.any(Array) }));
    expect(p.actionPlan.length).toBeGreaterThanOrEqual(3);
    expect(p.individualDifferences.provisional).toBe(true);
  });

  it('pairs each opportunity with its texts in both registers', () => {
    const p = plan(false, answersForAll(false, (q) => (q.wellspring === 'Rest' ? 0 : q.wellspring === 'Peace' ? 1 : 3)));
    const [experiences, feelings] = p.opportunitiesAndAffirmations;
    const rest = content.experiences.petals[0].wellsprings[0];
    expect(experiences).toEqual(
      expect.objectContaining({
        wellsprings: ['Rest'],
        opportunities: [rest.opportunity.text],
        opportunitiesSimple: [rest.opportunity.simpleText],
        affirmations: [rest.affirmation.text],
        affirmationsSimple: [rest.affirmation.simpleText],
      }),
    );
    expect(feelings!.wellsprings).toEqual(['Peace']);
    expect(p.mindfulPractices).toEqual([rest.mindfulPractice, content.feelings.petals[1].wellsprings[2].mindfulPractice]);
  });

  it('still offers mindful practices when every wellspring is flowing', () => {
    const p = plan(false, answersForAll(false, (q) => (q.wellspring === 'Move' ? 2 : 4)));
    expect(p.opportunitiesAndAffirmations.every((m) => m.opportunities.length === 0)).toBe(true);
    expect(p.mindfulPractices).toHaveLength(3);
    expect(p.mindfulPractices[0]).toEqual(content.experiences.petals[0].wellsprings[2].mindfulPractice);
  });
});

describe('coach views', () => {
  const scores = scoreAssessment({ isNinetyItem: true, answers: answersForAll(true, (q) => (q.facet === 'inner' ? 4 : q.facet === 'middle' ? 2 : q.facet === 'outer' ? 0 : 3)) });

  it('overview has a row per wellspring and energy level', () => {
    const o = coachAssessmentOverview(scores);
    expect(o.experiences).toHaveLength(12);
    expect(o.feelings).toHaveLength(12);
    expect(o.activity.map((r) => r.wellspringEnergy)).toEqual(['Calm', 'Aware', 'Active']);
    expect(o.experiences[0]).toEqual({ wellspringEnergy: 'Calm', wellspringName: 'Rest', responseText: 'Often', average: 2 });
    expect(o.excitement[2]!.responseText).toBe('Usually');
  });

  it('comprehensive lists every question with its response', () => {
    const c = coachComprehensive(scores);
    expect(c.experiences.map((p) => p.displayName)).toEqual(['Body', 'Mind', 'Connection', 'Purpose']);
    const rest = c.experiences[0]!.wellsprings[0]!;
    expect(rest.wellspringName).toBe('Rest');
    expect(rest.averageText).toBe('Often');
    expect(rest.questions).toEqual([
      { description: 'Slept well and woke up rested', responseText: 'Very Often', response: 4 },
      { description: 'Taken short breaks to recharge during the day', responseText: 'Often', response: 2 },
      { description: 'Set aside unhurried time just to relax', responseText: 'Rarely', response: 0 },
    ]);
  });
});
