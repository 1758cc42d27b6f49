import { describe, expect, it } from 'vitest';
import { questionsForTrack } from '../content/questions';
import type { ModuleName, PetalName, Track } from '../model/instrument';
import { resumePoint } from './resume-point';

/** Answers (all "Often") for the track's questions that `keep` selects. */
function answered(track: Track, keep: (question: { module: ModuleName; petal: PetalName }, indexInPage: number) => boolean): Map<string, number> {
  const seen = new Map<string, number>();
  const answers = new Map<string, number>();
  for (const question of questionsForTrack(track)) {
    const page = track === 'Rapid' ? question.module : `${question.module}/${question.petal}`;
    const index = seen.get(page) ?? 0;
    seen.set(page, index + 1);
    if (keep(question, index)) answers.set(question.questionGuid, 2);
  }
  return answers;
}

describe('where an unfinished assessment is picked up again', () => {
  it('starts at the first page when nothing is answered', () => {
    expect(resumePoint(new Map(), 'Rapid')).toEqual({ moduleName: 'Experiences', petalName: null });
    expect(resumePoint(new Map(), 'Professional')).toEqual({ moduleName: 'Experiences', petalName: 'Body' });
  });

  it('returns to a Rapid page left part-answered', () => {
    expect(resumePoint(answered('Rapid', (q, i) => q.module === 'Experiences' && i < 5), 'Rapid')).toEqual({ moduleName: 'Experiences', petalName: null });
  });

  it('goes on to the next page when the furthest page touched is fully answered', () => {
    expect(resumePoint(answered('Rapid', (q) => q.module === 'Experiences'), 'Rapid')).toEqual({ moduleName: 'Feelings', petalName: null });
    const throughBody = answered('Professional', (q) => q.petal === 'Body');
    expect(resumePoint(throughBody, 'Professional')).toEqual({ moduleName: 'Experiences', petalName: 'Mind' });
    const throughPurpose = answered('Professional', (q) => q.module === 'Experiences');
    expect(resumePoint(throughPurpose, 'Professional')).toEqual({ moduleName: 'Feelings', petalName: 'Openness' });
  });

  it('follows the furthest answer, not the first gap: an item skipped earlier does not send the person back', () => {
    const skippedThenFeelings = answered('Rapid', (q, i) => (q.module === 'Experiences' && i !== 3) || (q.module === 'Feelings' && i < 2));
    expect(resumePoint(skippedThenFeelings, 'Rapid')).toEqual({ moduleName: 'Feelings', petalName: null });
    const professional = answered('Professional', (q, i) => q.petal === 'Body' || (q.petal === 'Connection' && i < 4));
    expect(resumePoint(professional, 'Professional')).toEqual({ moduleName: 'Experiences', petalName: 'Connection' });
  });

  it('leads to the module that needs answers when everything after it is answered', () => {
    const energyOnlyAfterSkipping = answered('Rapid', (q, i) => q.module !== 'Experiences' || i < 3);
    expect(resumePoint(energyOnlyAfterSkipping, 'Rapid')).toEqual({ moduleName: 'Experiences', petalName: null });
    const proFeelingsShort = answered('Professional', (q, i) => q.module !== 'Feelings' || i < 2);
    expect(resumePoint(proFeelingsShort, 'Professional')).toEqual({ moduleName: 'Feelings', petalName: 'Openness' });
  });

  it('with results, leads to the first page that still has a question, not the first page (review of 2026-11-27)', () => {
    // Everything but the last Feelings item on each track: results, and one question open.
    const rapidLastFeelingsOpen = answered('Rapid', (q, i) => q.module !== 'Feelings' || i < 11);
    expect(resumePoint(rapidLastFeelingsOpen, 'Rapid')).toEqual({ moduleName: 'Feelings', petalName: null });
    const proEfficacyOpen = answered('Professional', (q, i) => q.petal !== 'Efficacy' || i < 8);
    expect(resumePoint(proEfficacyOpen, 'Professional')).toEqual({ moduleName: 'Feelings', petalName: 'Efficacy' });
  });

  it('reads guids in any case and ignores answers that are not on the scale', () => {
    const [first] = questionsForTrack('Rapid');
    expect(resumePoint(new Map([[first!.questionGuid.toUpperCase(), 1]]), 'Rapid')).toEqual({ moduleName: 'Experiences', petalName: null });
    const nulls = new Map(questionsForTrack('Rapid').filter((q) => q.module === 'Experiences').map((q) => [q.questionGuid, null]));
    expect(resumePoint(nulls, 'Rapid')).toEqual({ moduleName: 'Experiences', petalName: null });
  });
});
