/** The group lotus's figures: means over members, change between periods, quarters (DESIGN §14). */
import { describe, expect, it } from 'vitest';
import { eightPetalData } from '../charts/chart-data';
import { questionsForTrack } from '../content/questions';
import { scoreAssessment } from '../scoring/index';
import { progressScoresFrom } from '../statistics/progress';
import { insightFigures, meanScores, previousQuarter, scoresChange } from './figures';

const answering = (isNinetyItem: boolean, answer: (i: number) => number) =>
  scoreAssessment({ isNinetyItem, answers: new Map(questionsForTrack(isNinetyItem ? 'Professional' : 'Rapid').map((q, i) => [q.questionGuid, answer(i)])) });

describe('insightFigures', () => {
  it('is each score and each ring averaged over the members', () => {
    const members = [answering(false, () => 1), answering(false, () => 2), answering(false, () => 4)];
    const figures = insightFigures(members);
    expect(figures.n).toBe(3);
    expect(figures.scores.overall).toBeCloseTo(7 / 3, 12);
    expect(figures.scores.petals.Body).toBeCloseTo(7 / 3, 12);
    // Rings rounded to 2 decimals, like every chart value.
    const ring = figures.chartData[0]!.wellsprings[0]!.outer;
    expect(ring.value).toBe(2.33);
    const own = eightPetalData(members[0]!);
    expect(figures.chartData.map((p) => p.id)).toEqual(own.map((p) => p.id));
    expect(ring.label).toBe(own[0]!.wellsprings[0]!.outer.label);
  });

  it('mixes forms: a Professional member\'s facet rings and a Rapid member\'s repeated ring', () => {
    const figures = insightFigures([answering(true, (i) => i % 5), answering(false, () => 0)]);
    for (const petal of figures.chartData) for (const w of petal.wellsprings) for (const r of [w.outer, w.middle, w.inner]) expect(r.value).toBeGreaterThanOrEqual(0);
    expect(figures.n).toBe(2);
  });

  it('refuses an empty group: no figure is made of nobody', () => {
    expect(() => insightFigures([])).toThrow(RangeError);
  });
});

describe('meanScores', () => {
  it('is null for a score any member lacks, so that every score is over the same people', () => {
    const full = progressScoresFrom(answering(false, () => 3));
    const noEnergy = { ...full, energy: null };
    const mean = meanScores([full, noEnergy]);
    expect(mean.energy).toBeNull();
    expect(mean.overall).toBe(3);
  });
});

describe('scoresChange', () => {
  it('is now − previous per score, null where either is missing', () => {
    const now = progressScoresFrom(answering(false, () => 3));
    const then = { ...progressScoresFrom(answering(false, () => 1)), mindset: null };
    const change = scoresChange(now, then);
    expect(change.overall).toBe(2);
    expect(change.petals.Efficacy).toBe(2);
    expect(change.mindset).toBeNull();
  });
});

describe('previousQuarter', () => {
  it.each([
    ['2026-11-25T10:00:00.000Z', '2026-Q3', '2026-07-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z'],
    ['2026-10-01T00:00:00.000Z', '2026-Q3', '2026-07-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z'],
    ['2026-09-30T23:59:59.999Z', '2026-Q2', '2026-04-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z'],
    ['2027-02-14T08:00:00.000Z', '2026-Q4', '2026-10-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  ])('before %s is %s [%s, %s)', (at, label, start, end) => {
    expect(previousQuarter(at)).toEqual({ label, start, end });
  });
});
