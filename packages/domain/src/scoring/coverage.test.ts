import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { questionsForTrack } from '../content/questions';
import type { Track } from '../model/instrument';
import { energyChartData } from '../charts/chart-data';
import { assessmentCoverage, incompleteAssessmentMessage, requiredAnswers, scoresWithinCoverage } from './coverage';
import { scoreAssessment } from './score-assessment';

const TRACKS: Track[] = ['Rapid', 'Professional'];

/** Answers for every `keep`-selected question of a track (response 0..4). */
function answersFor(track: Track, keep: (index: number) => boolean, response: (index: number) => number = (index) => index % 5): Map<string, number> {
  return new Map(questionsForTrack(track).flatMap((question, index) => (keep(index) ? [[question.questionGuid, response(index)] as const] : [])));
}

describe('the coverage rule (DESIGN.md §11)', () => {
  it('needs exactly the thresholds the design names: Rapid 8/12, 8/12, 4/6; Professional 24/36, 24/36, 12/18', () => {
    const summary = (track: Track) => assessmentCoverage(new Map(), track).modules.map((m) => `${m.moduleName} ${m.required}/${m.total}`);
    expect(summary('Rapid')).toEqual(['Experiences 8/12', 'Feelings 8/12', 'Energy 4/6']);
    expect(summary('Professional')).toEqual(['Experiences 24/36', 'Feelings 24/36', 'Energy 12/18']);
  });

  it('gives an assessment with no answers no results, naming Experiences then Feelings', () => {
    const coverage = assessmentCoverage(new Map(), 'Rapid');
    expect(coverage.hasResults).toBe(false);
    expect(coverage.needsAnswers.map((m) => [m.moduleName, m.answered])).toEqual([['Experiences', 0], ['Feelings', 0]]);
  });

  it('turns on at the threshold, not one answer before (7 of 12 Experiences → none, 8 → results)', () => {
    const rapid = questionsForTrack('Rapid');
    const experiences = rapid.map((q, i) => [q, i] as const).filter(([q]) => q.module === 'Experiences').map(([, i]) => i);
    const feelings = rapid.map((q, i) => [q, i] as const).filter(([q]) => q.module === 'Feelings').map(([, i]) => i);
    const upTo = (count: number) => new Set([...experiences.slice(0, count), ...feelings]);
    expect(assessmentCoverage(answersFor('Rapid', (i) => upTo(7).has(i)), 'Rapid').needsAnswers.map((m) => m.moduleName)).toEqual(['Experiences']);
    expect(assessmentCoverage(answersFor('Rapid', (i) => upTo(8).has(i)), 'Rapid').hasResults).toBe(true);
  });

  it('does not need Energy for results, but reports its coverage', () => {
    const noEnergy = answersFor('Rapid', (i) => questionsForTrack('Rapid')[i]!.module !== 'Energy');
    const coverage = assessmentCoverage(noEnergy, 'Rapid');
    expect(coverage.hasResults).toBe(true);
    expect(coverage.modules.find((m) => m.moduleName === 'Energy')).toMatchObject({ answered: 0, covered: false });
  });

  it('counts guids in any letter case, and ignores nulls, off-scale values and questions of the other track', () => {
    const professionalOnly = answersFor('Professional', () => true);
    for (const guid of questionsForTrack('Rapid').map((q) => q.questionGuid)) professionalOnly.delete(guid);
    expect(assessmentCoverage(professionalOnly, 'Rapid').modules.every((m) => m.answered === 0)).toBe(true);
    const odd = new Map<string, number | null>(questionsForTrack('Rapid').map((q, i) => [i % 2 ? q.questionGuid.toUpperCase() : q.questionGuid, i % 3 === 0 ? null : 7 - (i % 4)]));
    const answered = [...odd.values()].filter((v) => v !== null && v >= 0 && v <= 4).length;
    expect(assessmentCoverage(odd, 'Rapid').modules.reduce((sum, m) => sum + m.answered, 0)).toBe(answered);
  });

  it('counts a question once however many letter cases name it, and a form with no valid answer not at all', () => {
    const questions = questionsForTrack('Rapid').filter((q) => q.module === 'Experiences').slice(0, 3);
    const [a, b, c] = questions.map((q) => q.questionGuid.toLowerCase());
    const answers = new Map<string, number | null>([
      [a!, 2],
      [a!.toUpperCase(), 3],
      [` ${b!.toUpperCase()}`, 1],
      [b!.toUpperCase(), 4],
      [c!, null],
      [c!.toUpperCase(), 9],
    ]);
    expect(assessmentCoverage(answers, 'Rapid').modules.find((m) => m.moduleName === 'Experiences')!.answered).toBe(2);
  });

  it('property: the threshold is ⌈2/3 × total⌉ for any module size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (total) => {
        const required = requiredAnswers(total);
        expect(required * 3).toBeGreaterThanOrEqual(2 * total);
        expect((required - 1) * 3).toBeLessThan(2 * total);
      }),
    );
  });

  it('property: answering more never takes results away (monotone), and covered ⇔ answered ≥ required', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TRACKS), fc.array(fc.boolean(), { minLength: 90, maxLength: 90 }), fc.nat(89), (track, keep, extra) => {
        const before = assessmentCoverage(answersFor(track, (i) => keep[i]!), track);
        const after = assessmentCoverage(answersFor(track, (i) => keep[i]! || i === extra), track);
        if (before.hasResults) expect(after.hasResults).toBe(true);
        for (const module of [...before.modules, ...after.modules]) expect(module.covered).toBe(module.answered >= module.required);
        for (const [index, module] of after.modules.entries()) expect(module.answered).toBeGreaterThanOrEqual(before.modules[index]!.answered);
      }),
    );
  });
});

describe('incompleteAssessmentMessage', () => {
  it('names each module that needs answers with its counts', () => {
    expect(incompleteAssessmentMessage(assessmentCoverage(new Map(), 'Rapid'))).toBe(
      'This assessment does not have enough answers for results yet: Positive Experiences has 0 of 12 questions answered and needs at least 8; Positive Feelings has 0 of 12 questions answered and needs at least 8.',
    );
  });
});

describe('scoresWithinCoverage', () => {
  it('keeps Energy scores, and its chart, exactly when Energy meets the rule (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TRACKS), fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }), fc.integer({ min: 0, max: 4 }), (track, kept, response) => {
        const questions = questionsForTrack(track);
        const answers = answersFor(track, (index) => questions[index]!.module !== 'Energy' || kept[index % kept.length]!, () => response);
        const coverage = assessmentCoverage(answers, track);
        const scores = scoresWithinCoverage(scoreAssessment({ isNinetyItem: track === 'Professional', answers }), coverage);
        const energyCovered = coverage.modules.find((m) => m.moduleName === 'Energy')!.covered;
        expect(scores.energy.overall.some((value) => value !== null)).toBe(energyCovered);
        if (!energyCovered) expect(scores.energy.energyRange).toBeNull();
        expect(energyChartData(scores)).toHaveLength(energyCovered ? 3 : 0);
        // Experiences and Feelings are untouched.
        expect(scores.wellBeing.overall).toBe(response);
      }),
      { numRuns: 200 },
    );
  });
});
