import { describe, expect, it } from 'vitest';
import { eightPetalData, energyChartData, fourPetalData, singlePetalData } from './chart-data';
import { scoreAssessment } from '../scoring/score-assessment';
import { answersForAll } from '../testing/answers';

describe('chart data', () => {
  const pro = scoreAssessment({
    isNinetyItem: true,
    answers: answersForAll(true, (q) => (q.wellspring === 'Rest' && q.facet === 'outer' ? null : q.facet === 'inner' ? 4 : 1)),
  });

  it('eight-petal data has the eight petals in order, three wellsprings each', () => {
    const data = eightPetalData(pro);
    expect(data.map((p) => p.id)).toEqual(['Body', 'Mind', 'Connection', 'Purpose', 'Openness', 'Wellness', 'Significance', 'Efficacy']);
    expect(data[0]!.wellsprings[0]).toEqual({
      outer: { value: 2, icon: 'rest.svg', wellspringName: 'Rest', label: 'Rest' },
      middle: { value: 1, icon: 'rest.svg', wellspringName: 'Rest', label: 'Rest' },
      inner: { value: 4, icon: 'rest.svg', wellspringName: 'Rest', label: 'Rest' },
    });
    expect(data[3]!.wellsprings[0].inner.label).toBe('Be Kind');
  });

  it('four-petal data splits by module', () => {
    expect(fourPetalData(pro, true).map((p) => p.id)).toEqual(['Body', 'Mind', 'Connection', 'Purpose']);
    expect(fourPetalData(pro, false).map((p) => p.id)).toEqual(['Openness', 'Wellness', 'Significance', 'Efficacy']);
    const single = singlePetalData(pro);
    expect(single.Experiences).toHaveLength(4);
    expect(single.Feelings[0]!.wellsprings[2].middle.wellspringName).toBe('Trust');
  });

  it('energy chart data has the three categories with [calm, aware, active]', () => {
    const rapid = scoreAssessment({ isNinetyItem: false, answers: answersForAll(false, (q) => (q.petal === 'Activity' ? { calm: 0, aware: 1, active: 2 }[q.energyLevel] : 4)) });
    expect(energyChartData(rapid)).toEqual([
      { category: 'Activity Range', values: [0, 1, 2], subCategories: ['Calm', 'Aware', 'Active'] },
      { category: 'Excitement Range', values: [4, 4, 4], subCategories: ['Calm', 'Aware', 'Active'] },
      { category: 'Overall Energy', values: [2, 2.5, 3], subCategories: ['Calm', 'Aware', 'Active'] },
    ]);
  });
});
