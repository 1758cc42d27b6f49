/**
 * Builders of complete answer maps, for tests, benchmarks, seed data and demos.
 * `pick` decides each response from the question's place in the instrument.
 */
import type { Content } from '../content/schema';
import { indexContent, type QuestionIndexEntry } from '../content/content-index';
import { content as bundledContent } from '../content/load';
import { trackOf } from '../scoring/score-assessment';

/** An answer for every question of the track; `pick` may return null to leave one unanswered. */
export function answersForAll(
  isNinetyItem: boolean,
  pick: (question: QuestionIndexEntry, position: number) => number | null,
  content: Content = bundledContent,
): Map<string, number> {
  const answers = new Map<string, number>();
  indexContent(content).questionsByTrack[trackOf(isNinetyItem)].forEach((q, i) => {
    const value = pick(q, i);
    if (value !== null) answers.set(q.questionGuid, value);
  });
  return answers;
}

/** A seeded pseudo-random answer for every question (mulberry32), reproducible across runs. */
export function randomAnswers(isNinetyItem: boolean, seed: number, content: Content = bundledContent): Map<string, number> {
  const next = mulberry32(seed);
  return answersForAll(isNinetyItem, () => Math.floor(next() * 5), content);
}

/** Small, fast, seedable PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
