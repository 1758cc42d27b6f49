/**
 * Scale figures (live and bundled), the source and n rules, and progress change rows.
 */
import { describe, expect, it } from 'vitest';
import { scoreAssessment } from '../scoring/score-assessment';
import { answersForAll, randomAnswers } from '../testing/answers';
import { WELLBEING_PETALS, type Track } from '../model/instrument';
import { simulateBaselineProfiles } from '../../scripts/baseline-simulation';
import bundledJson from '../benchmark/baseline-reliability.json';
import {
  baselineScaleFigures,
  computeItemAnalyses,
  computeScaleFigures,
  cronbachAlpha,
  energyCovered,
  enoughDataForFigure,
  fullyAnsweredMeasures,
  instrumentStatisticsSteps,
  mean,
  MIN_N_FOR_FIGURE,
  PROGRESS_MEASURES,
  progressAssessmentFrom,
  progressChanges,
  progressScoresFrom,
  reliabilityFor,
  reliabilityLookup,
  reportableFigure,
  sampleSd,
  SCALE_MEASURES,
  scaleMatrix,
  scaleItemAnalysis,
  scaleItems,
  ScaleFiguresSchema,
  type ProgressAssessment,
  type ProgressScores,
  type ScaleFigures,
} from './index';
import { reliableChange } from './reliable-change';

describe('scale items', () => {
  it.each([
    ['overall', 24, 72],
    ['experiences', 12, 36],
    ['feelings', 12, 36],
    ['energy', 6, 18],
    ['Body', 3, 9],
    ['Efficacy', 3, 9],
    ['Activity', 3, 9],
  ] as const)('%s has %i Rapid and %i Professional items', (measure, rapid, professional) => {
    expect(scaleItems(measure, 'Rapid')).toHaveLength(rapid);
    expect(scaleItems(measure, 'Professional')).toHaveLength(professional);
    for (const q of scaleItems(measure, 'Professional')) expect(q.track).toBe('Professional');
  });

  it('the mean of a scale\'s items is the scored measure when every item is answered', () => {
    for (const isNinetyItem of [false, true]) {
      const answers = randomAnswers(isNinetyItem, 7);
      const scores = scoreAssessment({ isNinetyItem, answers });
      const track: Track = isNinetyItem ? 'Professional' : 'Rapid';
      const itemMean = (m: (typeof SCALE_MEASURES)[number]) => {
        const items = scaleItems(m, track).map((q) => answers.get(q.questionGuid)!);
        return items.reduce((a, b) => a + b, 0) / items.length;
      };
      expect(itemMean('overall')).toBeCloseTo(scores.wellBeing.overall!, 12);
      expect(itemMean('experiences')).toBeCloseTo(scores.wellBeing.experiences!, 12);
      expect(itemMean('feelings')).toBeCloseTo(scores.wellBeing.feelings!, 12);
      for (const petal of WELLBEING_PETALS) expect(itemMean(petal)).toBeCloseTo(scores.petals[petal]!, 12);
      expect(itemMean('Activity')).toBeCloseTo(scores.energyPetals.Activity!, 12);
      expect(itemMean('energy')).toBeCloseTo(progressScoresFrom(scores).energy!, 12);
    }
  });
});

describe('computeScaleFigures', () => {
  const profiles = simulateBaselineProfiles();

  it('the bundled file states exactly what computeScaleFigures gives on the simulated baseline profiles', () => {
    const regenerated = computeScaleFigures(profiles, { source: 'baseline' });
    expect(bundledJson.forms).toEqual(regenerated.forms);
    expect(baselineScaleFigures.source).toBe('baseline');
    expect(baselineScaleFigures.provenance).toMatch(/^SYNTHETIC, PROVISIONAL/);
    expect(ScaleFiguresSchema.parse(bundledJson)).toEqual(baselineScaleFigures);
  });

  it('the bundled file has α and σ for every change measure in both forms', () => {
    for (const form of ['Rapid', 'Professional'] as const) {
      for (const measure of PROGRESS_MEASURES) {
        const figure = baselineScaleFigures.forms[form].measures[measure];
        expect(figure.n).toBeGreaterThanOrEqual(100);
        expect(figure.alpha).not.toBeNull();
        expect(figure.alpha!).toBeGreaterThan(0);
        expect(figure.alpha!).toBeLessThan(1);
        expect(figure.sd!).toBeGreaterThan(0);
      }
    }
    // More items, more reliable: every Professional scale is more reliable than its Rapid one.
    for (const measure of SCALE_MEASURES) {
      expect(baselineScaleFigures.forms.Professional.measures[measure].alpha!).toBeGreaterThan(baselineScaleFigures.forms.Rapid.measures[measure].alpha!);
    }
  });

  it('counts only people who answered every item of a scale (listwise), and keeps forms apart', () => {
    const full = answersForAll(false, () => 3);
    const varied = randomAnswers(false, 1);
    const partial = new Map(varied);
    const firstBody = scaleItems('Body', 'Rapid')[0]!.questionGuid;
    partial.delete(firstBody);
    const figures = computeScaleFigures([
      { isNinetyItem: false, answers: full },
      { isNinetyItem: false, answers: varied },
      { isNinetyItem: false, answers: partial },
      { isNinetyItem: true, answers: randomAnswers(true, 2) },
    ]);
    expect(figures.forms.Rapid.n).toBe(3);
    expect(figures.forms.Professional.n).toBe(1);
    expect(figures.forms.Rapid.measures.Body.n).toBe(2);
    expect(figures.forms.Rapid.measures.Mind.n).toBe(3);
    expect(figures.forms.Professional.measures.Body.n).toBe(1);
    expect(figures.forms.Professional.measures.Body.alpha).toBeNull();
    expect(figures.forms.Professional.measures.Body.sd).toBeNull();
  });

  it('states the mean and SD (n − 1) of the scale scores of the people counted', () => {
    const figures = computeScaleFigures(profiles);
    for (const measure of ['overall', 'Body', 'energy'] as const) {
      const matrix = scaleMatrix(profiles, measure, 'Rapid');
      const scoresOfComplete = matrix.filter((row) => row.every((v) => v !== null)).map((row) => mean(row)!);
      const figure = figures.forms.Rapid.measures[measure];
      expect(figure.n).toBe(scoresOfComplete.length);
      expect(figure.mean).toBeCloseTo(mean(scoresOfComplete)!, 4);
      expect(figure.sd).toBeCloseTo(sampleSd(scoresOfComplete)!, 4);
      expect(figure.alpha).toBeCloseTo(cronbachAlpha(matrix)!, 4);
    }
  });

  it('reads guids in any case and ignores responses off the 0..4 scale', () => {
    const rows = profiles.slice(0, 60);
    const shouted = rows.map((r) => ({ ...r, answers: new Map([...r.answers].map(([g, v]) => [g.toUpperCase(), v] as const)) }));
    expect(computeScaleFigures(shouted)).toEqual(computeScaleFigures(rows));
    const withInvalid = rows.map((r, i) => (i === 0 ? { ...r, answers: new Map([...r.answers].map(([g]) => [g, 7] as const)) } : r));
    const firstTrack: Track = rows[0]!.isNinetyItem ? 'Professional' : 'Rapid';
    expect(computeScaleFigures(withInvalid).forms[firstTrack].measures.overall.n).toBe(computeScaleFigures(rows).forms[firstTrack].measures.overall.n - 1);
  });

  it('computeItemAnalyses covers every scale of both forms, as scaleItemAnalysis does one', () => {
    const analyses = computeItemAnalyses(profiles);
    expect(analyses).toHaveLength(2 * SCALE_MEASURES.length);
    const body = analyses.find((a) => a.track === 'Professional' && a.measure === 'Body')!;
    expect(body).toEqual(scaleItemAnalysis(profiles, 'Body', 'Professional'));
  });

  it('instrumentStatisticsSteps yields after each form\'s columns and each scale, and gives the figures and every item analysis', () => {
    const steps = instrumentStatisticsSteps(profiles, { source: 'baseline' });
    let yields = 0;
    let step = steps.next();
    while (!step.done) {
      yields += 1;
      step = steps.next();
    }
    expect(yields).toBe(2 * (1 + SCALE_MEASURES.length));
    expect(step.value.figures.forms).toEqual(bundledJson.forms);
    for (const analysis of step.value.itemAnalyses) {
      expect(analysis).toEqual(scaleItemAnalysis(profiles, analysis.measure, analysis.track));
    }
  });

  it('scaleItemAnalysis gives per-item n, mean, SD and corrected item-total r', () => {
    const analysis = scaleItemAnalysis(profiles, 'Body', 'Professional');
    expect(analysis.k).toBe(9);
    expect(analysis.questionGuids).toHaveLength(9);
    expect(analysis.alpha).toBeCloseTo(baselineScaleFigures.forms.Professional.measures.Body.alpha!, 4);
    for (const item of analysis.items) {
      expect(item.n).toBe(analysis.n);
      expect(item.correctedItemTotal!).toBeGreaterThan(0);
      expect(item.correctedItemTotal!).toBeLessThanOrEqual(1);
    }
  });
});

describe('figure rules', () => {
  it('shows a figure from 30 people up (DESIGN §15)', () => {
    expect(MIN_N_FOR_FIGURE).toBe(30);
    expect(enoughDataForFigure(29)).toBe(false);
    expect(enoughDataForFigure(30)).toBe(true);
    expect(enoughDataForFigure(Number.NaN)).toBe(false);
    expect(reportableFigure(29, 0.91)).toBeNull();
    expect(reportableFigure(30, 0.91)).toBe(0.91);
  });

  const liveWith = (n: number, alpha: number | null, sd: number | null): ScaleFigures => {
    const figures = structuredClone(baselineScaleFigures) as { -readonly [K in keyof ScaleFigures]: ScaleFigures[K] };
    figures.source = 'live';
    (figures.forms.Rapid.measures as Record<string, unknown>).overall = { items: 24, n, alpha, mean: 2, sd };
    return figures;
  };

  it('uses live figures once the measure rests on 100 assessments, the bundled ones before', () => {
    const bundled = baselineScaleFigures.forms.Rapid.measures.overall;
    expect(reliabilityFor('overall', 'Rapid', liveWith(100, 0.5, 0.4), baselineScaleFigures)).toEqual({ reliability: 0.5, sd: 0.4, n: 100, source: 'live' });
    expect(reliabilityFor('overall', 'Rapid', liveWith(99, 0.5, 0.4), baselineScaleFigures)).toEqual({
      reliability: bundled.alpha,
      sd: bundled.sd,
      n: bundled.n,
      source: 'baseline',
    });
    expect(reliabilityFor('overall', 'Rapid', liveWith(500, null, 0.4), baselineScaleFigures).source).toBe('baseline');
    expect(reliabilityFor('overall', 'Rapid', null, baselineScaleFigures).source).toBe('baseline');
  });
});

describe('progressChanges', () => {
  const scores = (overall: number | null, petal = 2): ProgressScores => ({
    overall,
    experiences: 2,
    feelings: 2,
    mindset: 4,
    resilience: 50,
    energy: 2,
    petals: Object.fromEntries(WELLBEING_PETALS.map((p) => [p, petal])) as ProgressScores['petals'],
  });
  /** Every change measure fully answered. */
  const fullyAnswered = new Set(PROGRESS_MEASURES);
  const figures = { Rapid: { reliability: 0.8, sd: 0.6 }, Professional: { reliability: 0.95, sd: 0.5 } };
  const lookup = (_measure: string, form: Track) => figures[form];

  it('gives one row per measure for each consecutive pair, with the DESIGN §13 fields', () => {
    const assessments: ProgressAssessment[] = [
      { id: 'a', isNinetyItem: false, scores: scores(1.5), fullyAnswered },
      { id: 'b', isNinetyItem: false, scores: scores(2.5), fullyAnswered },
      { id: 'c', isNinetyItem: false, scores: scores(2.4), fullyAnswered },
    ];
    const rows = progressChanges(assessments, lookup);
    expect(rows).toHaveLength(2 * 11);
    expect(rows.map((r) => r.measure).slice(0, 11)).toEqual([...PROGRESS_MEASURES]);
    expect(Object.keys(rows[0]!).sort()).toEqual(['difference', 'direction', 'from', 'fromId', 'measure', 'rci', 'reliable', 'to', 'toId'].sort());
    const first = rows[0]!;
    expect(first).toMatchObject({ fromId: 'a', toId: 'b', measure: 'overall', from: 1.5, to: 2.5, difference: 1, reliable: true, direction: 'improved' });
    expect(first.rci).toBeCloseTo(1 / (0.6 * Math.SQRT2 * Math.sqrt(0.2)), 12);
    expect(rows[11]).toMatchObject({ fromId: 'b', toId: 'c', measure: 'overall', reliable: false, direction: 'no reliable change' });
    expect(rows[11]!.difference).toBeCloseTo(-0.1, 12);
    expect(rows[1]).toMatchObject({ measure: 'experiences', difference: 0, rci: 0, reliable: false });
  });

  it('uses the form\'s own figures, and across forms the lower r and larger σ', () => {
    const rapid = { id: 'r', isNinetyItem: false, scores: scores(2), fullyAnswered };
    const professional = { id: 'p', isNinetyItem: true, scores: scores(2.6), fullyAnswered };
    const professional2 = { id: 'p2', isNinetyItem: true, scores: scores(3), fullyAnswered };
    const [cross] = progressChanges([rapid, professional], lookup);
    expect(cross!.rci).toBeCloseTo(reliableChange({ from: 2, to: 2.6, reliability: 0.8, sd: 0.6 }).rci!, 12);
    const [same] = progressChanges([professional, professional2], lookup);
    expect(same!.rci).toBeCloseTo(reliableChange({ from: 2.6, to: 3, reliability: 0.95, sd: 0.5 }).rci!, 12);
  });

  it('gives a row without difference or RCI when a score is missing, or no figures are known', () => {
    const rows = progressChanges(
      [
        { id: 'a', isNinetyItem: false, scores: scores(null), fullyAnswered },
        { id: 'b', isNinetyItem: false, scores: scores(3), fullyAnswered },
      ],
      lookup,
    );
    expect(rows[0]).toEqual({ fromId: 'a', toId: 'b', measure: 'overall', from: null, to: 3, difference: null, rci: null, reliable: false, direction: 'no reliable change' });
    const unknown = progressChanges(
      [
        { id: 'a', isNinetyItem: false, scores: scores(1), fullyAnswered },
        { id: 'b', isNinetyItem: false, scores: scores(3), fullyAnswered },
      ],
      () => null,
    );
    expect(unknown[0]).toMatchObject({ difference: 2, rci: null, reliable: false, direction: 'no reliable change' });
  });

  it('gives no rows for fewer than two assessments', () => {
    expect(progressChanges([], lookup)).toEqual([]);
    expect(progressChanges([{ id: 'a', isNinetyItem: true, scores: scores(2), fullyAnswered }], lookup)).toEqual([]);
  });

  it('by default uses the bundled figures, and a rise in answers is "improved" (higher is better)', () => {
    const low = progressScoresFrom(scoreAssessment({ isNinetyItem: false, answers: answersForAll(false, () => 1) }));
    const high = progressScoresFrom(scoreAssessment({ isNinetyItem: true, answers: answersForAll(true, () => 3) }));
    const rows = progressChanges([
      { id: 'low', isNinetyItem: false, scores: low, fullyAnswered },
      { id: 'high', isNinetyItem: true, scores: high, fullyAnswered },
    ]);
    expect(rows).toHaveLength(11);
    for (const row of rows) expect(row).toMatchObject({ difference: 2, reliable: true, direction: 'improved' });
    const bundled = reliabilityLookup(null)('overall', 'Rapid')!;
    expect(bundled.reliability).toBe(baselineScaleFigures.forms.Rapid.measures.overall.alpha);
  });

  it('progressScoresFrom maps scoring\'s results (energy = mean of Overall Energy)', () => {
    const s = scoreAssessment({ isNinetyItem: true, answers: randomAnswers(true, 3) });
    const p = progressScoresFrom(s);
    expect(p.overall).toBe(s.wellBeing.overall);
    expect(p.mindset).toBe(s.mindset.overall);
    expect(p.resilience).toBe(s.resilience.overall);
    expect(p.petals).toEqual(s.petals);
    const [calm, aware, active] = s.energy.overall;
    expect(p.energy).toBeCloseTo((calm! + aware! + active!) / 3, 12);
  });

  it('gives Energy no score when its module is below the coverage rule (DESIGN §11: Rapid 4 of 6, Professional 12 of 18)', () => {
    for (const isNinetyItem of [false, true]) {
      const energy = answersForAll(isNinetyItem, () => 2);
      const energyItems = [...energy.keys()].filter((guid) => scaleItems('energy', isNinetyItem ? 'Professional' : 'Rapid').some((q) => q.questionGuid === guid));
      const required = isNinetyItem ? 12 : 4;
      // One answer short of the rule: the assessment still has results (Experiences and Feelings are full), Energy has no score.
      const short = new Map(energy);
      for (const guid of energyItems.slice(required - 1)) short.delete(guid);
      const shortScores = scoreAssessment({ isNinetyItem, answers: short });
      expect(energyCovered(shortScores)).toBe(false);
      expect(progressScoresFrom(shortScores).energy).toBeNull();
      // Exactly at the rule: a score, from the answered items.
      const enough = new Map(energy);
      for (const guid of energyItems.slice(required)) enough.delete(guid);
      const enoughScores = scoreAssessment({ isNinetyItem, answers: enough });
      expect(energyCovered(enoughScores)).toBe(true);
      expect(progressScoresFrom(enoughScores).energy).toBe(2);
    }
  });
});

describe('reliable change only for a score that rests on every item of its scale', () => {
  const rapid = (pick: (guid: string, petal: string | null) => number | null) =>
    scoreAssessment({ isNinetyItem: false, answers: answersForAll(false, (q) => pick(q.questionGuid, q.petal ?? null)) });
  const body = scaleItems('Body', 'Rapid').map((q) => q.questionGuid);

  it('fullyAnsweredMeasures names the change measures with every item answered', () => {
    expect(fullyAnsweredMeasures(rapid(() => 2))).toEqual(new Set(PROGRESS_MEASURES));
    // Body with 1 of its 3 items: Body, Experiences and Overall rest on only some of their items.
    const partial = rapid((guid) => (guid === body[1] || guid === body[2] ? null : 2));
    expect([...fullyAnsweredMeasures(partial)]).toEqual(PROGRESS_MEASURES.filter((m) => m !== 'overall' && m !== 'experiences' && m !== 'Body'));
    const professional = scoreAssessment({ isNinetyItem: true, answers: answersForAll(true, (_q, i) => (i === 40 ? null : 3)) });
    expect(fullyAnsweredMeasures(professional).size).toBe(PROGRESS_MEASURES.length - 3);
  });

  it('a Rapid Body score from 1 of its 3 items gets no RCI, where the whole scale\'s α would claim "improved"', () => {
    // Jacobson & Truax (1991): S_diff = σ·√2·√(1 − r), RCI = (to − from) / S_diff. Bundled Rapid Body:
    // r = 0.6751, σ = 0.8046, so a rise of 2 points gives RCI 2 / 0.6486 = 3.08 when both scores rest on all 3 items.
    const { alpha, sd } = baselineScaleFigures.forms.Rapid.measures.Body;
    expect(alpha).toBe(0.6751);
    const before = progressAssessmentFrom('before', rapid(() => 1));
    const full = progressAssessmentFrom('full', rapid((_guid, petal) => (petal === 'Body' ? 3 : 1)));
    const [fullBody] = progressChanges([before, full]).filter((row) => row.measure === 'Body');
    expect(fullBody!.rci).toBeCloseTo(2 / (sd! * Math.SQRT2 * Math.sqrt(1 - alpha!)), 12);
    expect(fullBody!.rci).toBeCloseTo(3.08, 2);
    expect(fullBody).toMatchObject({ difference: 2, reliable: true, direction: 'improved' });

    // The coverage rule lets Experiences have results with 10 of 12 items, so Body may rest on 1 item (Rest).
    // Spearman–Brown for 1/3 of the items: r₁ = (r/3) / (1 + (1/3 − 1)·r) = 0.409, far below 0.6751:
    // the scale's α and σ do not describe that score, so no RCI is computed and nothing is called reliable.
    const spearmanBrown = (r: number, k: number) => (k * r) / (1 + (k - 1) * r);
    expect(spearmanBrown(alpha!, 1 / 3)).toBeCloseTo(0.409, 3);
    const oneItem = progressAssessmentFrom('one', rapid((guid, petal) => (guid === body[1] || guid === body[2] ? null : petal === 'Body' ? 3 : 1)));
    expect(oneItem.scores.petals.Body).toBe(3);
    const rows = progressChanges([before, oneItem]);
    const bodyRow = rows.find((row) => row.measure === 'Body')!;
    expect(bodyRow).toEqual({ fromId: 'before', toId: 'one', measure: 'Body', from: 1, to: 3, difference: 2, rci: null, reliable: false, direction: 'no reliable change' });
    // The module and overall scores include that petal: no RCI either. The fully answered petals keep theirs.
    for (const measure of ['experiences', 'overall'] as const) expect(rows.find((row) => row.measure === measure)).toMatchObject({ rci: null, reliable: false });
    expect(rows.find((row) => row.measure === 'Mind')).toMatchObject({ difference: 0, rci: 0 });
    // Either side: the partial score first, then a full one.
    expect(progressChanges([oneItem, before]).find((row) => row.measure === 'Body')).toMatchObject({ difference: -2, rci: null, reliable: false });
  });
});
