/**
 * Property tests of scoring (fast-check): ranges, monotonicity, Rapid/Professional
 * agreement and that the default value 2 never reaches a score.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scoreAssessment } from './score-assessment';
import { indexContent } from '../content/content-index';
import { content } from '../content/load';
import { answersForAll } from '../testing/answers';
import type { AssessmentScores } from './types';

const index = indexContent(content);
const response = fc.integer({ min: 0, max: 4 });
const trackArb = fc.boolean();
/** Per-question responses, each possibly missing, for the largest track. */
const maybeResponses = fc.array(fc.option(response, { nil: null }), { minLength: 90, maxLength: 90 });
const fullResponses = fc.array(response, { minLength: 90, maxLength: 90 });

const score = (isNinetyItem: boolean, values: readonly (number | null)[]) =>
  scoreAssessment({ isNinetyItem, answers: answersForAll(isNinetyItem, (_q, i) => values[i] ?? null) });

/** Every score that must never go down when an answer goes up (mindset balance is a ratio, so it is excluded). */
function monotoneScores(s: AssessmentScores): (number | null)[] {
  return [
    ...s.wellsprings.map((w) => w.score),
    ...Object.values(s.petals),
    ...Object.values(s.energyPetals),
    s.wellBeing.overall,
    s.wellBeing.experiences,
    s.wellBeing.feelings,
    s.mindset.self,
    s.mindset.others,
    s.resilience.overall,
    s.resilience.experiences,
    s.resilience.feelings,
    ...s.energy.activity,
    ...s.energy.excitement,
    ...s.energy.overall,
    s.energy.energyRange,
  ];
}

const inRange = (v: number | null, max: number) => v === null || (v >= 0 && v <= max);

describe('scoring properties', () => {
  it('keeps every result in range', () => {
    fc.assert(
      fc.property(trackArb, maybeResponses, (isNinetyItem, values) => {
        const s = score(isNinetyItem, values);
        for (const w of s.wellsprings) {
          expect(inRange(w.score, 4)).toBe(true);
          for (const v of Object.values(w.chart)) expect(v >= 0 && v <= 4).toBe(true);
        }
        for (const v of [...Object.values(s.petals), ...Object.values(s.wellBeing), ...Object.values(s.mindset), ...s.energy.overall]) {
          expect(inRange(v, 4)).toBe(true);
        }
        for (const v of [...Object.values(s.resilience), s.energy.energyRange]) {
          expect(inRange(v, 100)).toBe(true);
          if (v !== null) expect(Number.isInteger(v)).toBe(true);
        }
      }),
    );
  });

  it('never lowers a score when one answer goes up', () => {
    fc.assert(
      fc.property(trackArb, fullResponses, fc.nat(89), (isNinetyItem, values, at) => {
        const position = at % (isNinetyItem ? 90 : 30);
        fc.pre((values[position] ?? 4) < 4);
        const raised = values.map((v, i) => (i === position ? v + 1 : v));
        const before = monotoneScores(score(isNinetyItem, values));
        const after = monotoneScores(score(isNinetyItem, raised));
        before.forEach((b, i) => expect(after[i]! + 1e-12).toBeGreaterThanOrEqual(b!));
      }),
    );
  });

  it('gives Rapid and Professional the same scores when all facet answers are equal', () => {
    const groups = [...index.wellsprings.map((w) => w.wellspring.wellspringName), 'Activity:calm', 'Activity:aware', 'Activity:active', 'Excitement:calm', 'Excitement:aware', 'Excitement:active'];
    fc.assert(
      fc.property(fc.array(response, { minLength: groups.length, maxLength: groups.length }), (values) => {
        const valueOf = new Map(groups.map((g, i) => [g, values[i]!]));
        const pick = (q: { wellspring: string | null; petal: string; energyLevel: string }) =>
          valueOf.get(q.wellspring ?? `${q.petal}:${q.energyLevel}`)!;
        const rapid = scoreAssessment({ isNinetyItem: false, answers: answersForAll(false, pick) });
        const pro = scoreAssessment({ isNinetyItem: true, answers: answersForAll(true, pick) });
        const comparable = (s: AssessmentScores) => ({
          wellsprings: s.wellsprings.map((w) => [w.score, w.chart]),
          petals: s.petals,
          energyPetals: s.energyPetals,
          wellBeing: s.wellBeing,
          mindset: s.mindset,
          resilience: s.resilience,
          energy: [s.energy.activity, s.energy.excitement, s.energy.overall, s.energy.energyRange],
        });
        expect(comparable(pro)).toEqual(comparable(rapid));
      }),
    );
  });

  it('uses the default 2 only in chart rings, never in a score', () => {
    // If every given answer is the same value v, every score must be v (or null),
    // whatever is missing; a leaked default would pull some score toward 2.
    fc.assert(
      fc.property(trackArb, fc.constantFrom(0, 4), fc.array(fc.boolean(), { minLength: 90, maxLength: 90 }), (isNinetyItem, v, answered) => {
        const s = score(isNinetyItem, answered.map((a) => (a ? v : null)));
        for (const x of [...s.wellsprings.map((w) => w.score), ...Object.values(s.petals), ...Object.values(s.wellBeing), s.mindset.self, s.mindset.others, ...s.energy.overall]) {
          expect(x === null || x === v).toBe(true);
        }
        for (const r of Object.values(s.resilience)) expect(r === null || r === (v >= 2 ? 100 : 0)).toBe(true);
        for (const w of s.wellsprings) {
          w.items.forEach((item) => {
            const ring = item.facet ? w.chart[item.facet] : w.chart.inner;
            expect(ring).toBe(item.response === null ? 2 : v);
          });
        }
      }),
    );
  });
});
