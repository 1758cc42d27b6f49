import { describe, expect, it } from 'vitest';
import { scoreAssessment, mindsetBalance, resiliencePercent } from './score-assessment';
import { positivityPotential, scoreRows } from './positivity-potential';
import { answersFromResponses } from './answers';
import { answersForAll } from '../testing/answers';
import { content } from '../content/load';

const wellspringValue: Record<string, number> = {
  Rest: 0, Nourish: 1, Move: 2, Create: 3, Savor: 4, Reflect: 1,
  Join: 1, Bond: 0, Love: 3, BeKind: 4, Serve: 2, Provide: 2,
  Adventurous: 1, Harmonious: 1, Trust: 2, Vital: 3, Satisfied: 4, Peace: 0,
  Proud: 2, Belonging: 3, Loved: 4, Capable: 1, Considerate: 2, Caring: 3,
};
const energyValue = { calm: 1, aware: 2, active: 4 } as const;

function rapid() {
  return scoreAssessment({
    isNinetyItem: false,
    answers: answersForAll(false, (q) => (q.wellspring ? wellspringValue[q.wellspring]! : energyValue[q.energyLevel])),
  });
}

describe('scoreAssessment (Rapid, worked example)', () => {
  const s = rapid();

  it('scores each wellspring as its single response and charts it in all three rings', () => {
    const rest = s.wellsprings.find((w) => w.wellspringName === 'Rest')!;
    expect(rest.score).toBe(0);
    expect(rest.chart).toEqual({ inner: 0, middle: 0, outer: 0 });
    expect(s.wellsprings).toHaveLength(24);
    expect(s.complete).toBe(true);
    expect(s.questionCount).toBe(30);
  });

  it('averages petals, modules and the overall score', () => {
    expect(s.petals.Body).toBe(1);
    expect(s.petals.Mind).toBeCloseTo(8 / 3);
    expect(s.wellBeing.experiences).toBeCloseTo((1 + 8 / 3 + 4 / 3 + 8 / 3) / 4);
    expect(s.wellBeing.overall).toBeCloseTo(Object.values(wellspringValue).reduce((a, b) => a + b) / 24);
  });

  it('computes mindset from self and others wellsprings', () => {
    // self = Body, Mind, Openness, Wellness; others = Connection, Purpose, Significance, Efficacy
    const self = (0 + 1 + 2 + 3 + 4 + 1 + 1 + 1 + 2 + 3 + 4 + 0) / 12;
    const others = (1 + 0 + 3 + 4 + 2 + 2 + 2 + 3 + 4 + 1 + 2 + 3) / 12;
    expect(s.mindset.self).toBeCloseTo(self);
    expect(s.mindset.others).toBeCloseTo(others);
    expect(s.mindset.overall).toBeCloseTo((4 * Math.min(self, others)) / Math.max(self, others));
  });

  it('computes resilience as whole percents of wellsprings at 2 or more', () => {
    expect(s.resilience.experiences).toBe(Math.round((100 * 7) / 12));
    expect(s.resilience.feelings).toBe(Math.round((100 * 8) / 12));
    expect(s.resilience.overall).toBe(Math.round((100 * 15) / 24));
  });

  it('computes energy ranges, overall energy and the energy range percent', () => {
    expect(s.energy.activity).toEqual([1, 2, 4]);
    expect(s.energy.excitement).toEqual([1, 2, 4]);
    expect(s.energy.overall).toEqual([1, 2, 4]);
    expect(s.energy.energyRange).toBe(25);
  });

  it('lists opportunities lowest first with ties in content order, at most 3 per module', () => {
    const p = positivityPotential(s);
    // Experiences below 2: Rest 0, Bond 0, Nourish 1, Reflect 1, Join 1 → Rest, Bond, Nourish
    expect(p.experienceOpportunities).toEqual(['Rest', 'Bond', 'Nourish']);
    // Feelings below 2: Peace 0, Adventurous 1, Harmonious 1, Capable 1 → Peace, Adventurous, Harmonious
    expect(p.feelingsOpportunities).toEqual(['Peace', 'Adventurous', 'Harmonious']);
    expect(p.positivityPractices).toHaveLength(6);
    expect(p.positivityPractices[0]).toBe(content.experiences.petals[0].wellsprings[0].practice.text);
    expect(p.resilienceScore).toBe(s.resilience.overall);
    expect(p.energyRange).toBe(25);
  });

  it('produces the score rows of DESIGN §3', () => {
    const rows = scoreRows(s);
    expect(rows.map((r) => `${r.category}/${r.scoreType}`)).toEqual([
      'WellBeing/Overall', 'WellBeing/Experiences', 'WellBeing/Feelings',
      'Mindset/Overall', 'Mindset/Self', 'Mindset/Others',
      'Resilience/Overall', 'Resilience/Experiences', 'Resilience/Feelings',
      'Active/Overall', 'Aware/Overall', 'Calm/Overall',
    ]);
    expect(rows.find((r) => r.category === 'Active')?.score).toBe(4);
    expect(rows[0]?.score).toBe(Math.round((100 * (s.wellBeing.overall ?? 0))) / 100);
  });
});

describe('scoreAssessment (Professional)', () => {
  it('averages the three facet items and charts each facet in its own ring', () => {
    const facetValue = { inner: 4, middle: 2, outer: 0 } as const;
    const s = scoreAssessment({
      isNinetyItem: true,
      answers: answersForAll(true, (q) => (q.facet ? facetValue[q.facet] : 3)),
    });
    const w = s.wellsprings[0]!;
    expect(w.items).toHaveLength(3);
    expect(w.score).toBe(2);
    expect(w.chart).toEqual({ inner: 4, middle: 2, outer: 0 });
    expect(s.energy.overall).toEqual([3, 3, 3]);
    expect(s.questionCount).toBe(90);
  });

  it('ignores answers given to the other track', () => {
    const rapidAnswers = answersForAll(false, () => 4);
    const s = scoreAssessment({ isNinetyItem: true, answers: rapidAnswers });
    expect(s.answeredCount).toBe(0);
    expect(s.wellBeing.overall).toBeNull();
  });
});

describe('missing answers', () => {
  it('leaves unanswered items out of means and charts them as 2', () => {
    const answers = answersForAll(true, (q) => (q.wellspring === 'Rest' && q.facet === 'outer' ? null : q.wellspring === 'Rest' ? 0 : 4));
    const s = scoreAssessment({ isNinetyItem: true, answers });
    const rest = s.wellsprings[0]!;
    expect(rest.score).toBe(0);
    expect(rest.chart).toEqual({ inner: 0, middle: 0, outer: 2 });
    expect(s.complete).toBe(false);
  });

  it('gives null scores, not zeros, when nothing is answered', () => {
    const s = scoreAssessment({ isNinetyItem: false, answers: new Map() });
    expect(s.wellBeing).toEqual({ overall: null, experiences: null, feelings: null });
    expect(s.mindset.overall).toBeNull();
    expect(s.resilience.overall).toBeNull();
    expect(s.energy.energyRange).toBeNull();
    expect(s.wellsprings.every((w) => w.chart.inner === 2 && w.chart.middle === 2 && w.chart.outer === 2)).toBe(true);
  });

  it('excludes an unanswered wellspring from petal, module and overall means', () => {
    const answers = answersForAll(false, (q) => (q.wellspring === 'Rest' ? null : 3));
    const s = scoreAssessment({ isNinetyItem: false, answers });
    expect(s.petals.Body).toBe(3);
    expect(s.wellBeing.overall).toBe(3);
    expect(s.resilience.experiences).toBe(100);
  });

  it('scores an Experiences-only partial assessment without touching Feelings', () => {
    const answers = answersForAll(false, (q) => (q.module === 'Experiences' ? 1 : null));
    const s = scoreAssessment({ isNinetyItem: false, answers });
    expect(s.wellBeing.experiences).toBe(1);
    expect(s.wellBeing.feelings).toBeNull();
    expect(s.wellBeing.overall).toBe(1);
  });
});

describe('answers', () => {
  it('rejects responses off the scale', () => {
    const guid = content.experiences.petals[0].wellsprings[0].rapidItem.questionGuid;
    expect(() => scoreAssessment({ isNinetyItem: false, answers: new Map([[guid, 5]]) })).toThrow(RangeError);
    expect(() => answersFromResponses([{ questionGuid: guid, response: 2.5 }])).toThrow(RangeError);
  });
  it('builds a lowercase map where later rows win and null clears', () => {
    const guid = content.experiences.petals[0].wellsprings[0].rapidItem.questionGuid;
    const map = answersFromResponses([
      { questionGuid: guid.toUpperCase(), response: 1 },
      { questionGuid: guid, response: 3 },
    ]);
    expect(map.get(guid)).toBe(3);
    expect(answersFromResponses([{ questionGuid: guid, response: 1 }, { questionGuid: guid, response: null }]).size).toBe(0);
  });
});

describe('helpers', () => {
  it('mindset balance is 4 when both sides are 0', () => {
    expect(mindsetBalance(0, 0)).toBe(4);
    expect(mindsetBalance(2, 4)).toBe(2);
    expect(mindsetBalance(null, 4)).toBeNull();
  });
  it('resilience rounds to whole percent', () => {
    expect(resiliencePercent([{ score: 2 }, { score: 1 }, { score: 3 }])).toBe(67);
  });
});
