import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../api/types';
import { KEPT_ANSWERS_KEY } from './answerSaver';

const getCurrentUser = vi.fn();
vi.mock('../../../lib/api-client', () => ({ api: { getCurrentUser: () => getCurrentUser() } }));

const { answersToRestore, canKeepAnswers, keepAnswers, KEPT_ANSWERS_FOR_MS, restoreKeptAnswers, takeKeptAnswers } = await import('./keptAnswers');

/** This tab's session storage, as the browser keeps it. */
const storage = new Map<string, string>();
beforeEach(() => {
  storage.clear();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

const question = (questionGuid: string, response: number | null): Question => ({ questionGuid, questionText: questionGuid, order: 1, response });
const PAGE = '/Pro/Experiences/Body/Questions';
const NOW = 1_800_000_000_000;

describe('keeping answers across the sign-in (DESIGN.md §11, decision 0069)', () => {
  it('keeps the chosen answers of the page and person, and gives them back once, to the same page in any letter case', () => {
    keepAnswers(PAGE, 'u-1', { a: 2, b: null, c: 0 }, NOW);
    expect(takeKeptAnswers('/pro/experiences/body/questions', 'u-1', NOW + 1000)).toEqual({ a: 2, c: 0 });
    expect(storage.has(KEPT_ANSWERS_KEY)).toBe(false);
    expect(takeKeptAnswers(PAGE, 'u-1', NOW + 1000)).toBeNull();
  });

  it('gives nothing to another page, another person, nobody, or after an hour, and forgets them all the same', () => {
    for (const [path, userId, at] of [
      ['/Rapid/Experiences', 'u-1', NOW],
      [PAGE, 'u-2', NOW],
      [PAGE, null, NOW],
      [PAGE, 'u-1', NOW + KEPT_ANSWERS_FOR_MS + 1],
      [PAGE, 'u-1', NOW - 1],
    ] as const) {
      keepAnswers(PAGE, 'u-1', { a: 2 }, NOW);
      expect(takeKeptAnswers(path, userId, at)).toBeNull();
      expect(storage.has(KEPT_ANSWERS_KEY)).toBe(false);
    }
  });

  it('drops what is not an answer, and anything stored that is not kept answers', () => {
    storage.set(KEPT_ANSWERS_KEY, JSON.stringify({ path: PAGE, userId: 'u-1', keptAt: NOW, answers: { a: 4, b: 5, c: -1, d: 1.5, e: '2' } }));
    expect(takeKeptAnswers(PAGE, 'u-1', NOW)).toEqual({ a: 4 });
    storage.set(KEPT_ANSWERS_KEY, '{not json');
    expect(takeKeptAnswers(PAGE, 'u-1', NOW)).toBeNull();
    storage.set(KEPT_ANSWERS_KEY, JSON.stringify({ path: PAGE, userId: 'u-1', keptAt: NOW }));
    expect(takeKeptAnswers(PAGE, 'u-1', NOW)).toBeNull();
  });

  it('says whether the browser keeps them at all', () => {
    expect(canKeepAnswers()).toBe(true);
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    });
    expect(canKeepAnswers()).toBe(false);
  });

  it('restores only the answers the server does not hold, in the page order', () => {
    const questions = [question('a', 2), question('b', null), question('c', 1), question('d', null)];
    expect(answersToRestore(questions, { a: 2, b: 3, c: 4, x: 1 })).toEqual([
      { question: questions[1], response: 3 },
      { question: questions[2], response: 4 },
    ]);
  });

  it('chooses them again for the person signed in now, and says how many are saved once they are', async () => {
    const questions = [question('a', 2), question('b', null), question('c', null)];
    keepAnswers(PAGE, 'u-1', { a: 2, b: 3, c: 0 });
    getCurrentUser.mockResolvedValueOnce({ id: 'u-1' });
    const chosen: Array<[string, number]> = [];
    const announce = vi.fn();
    await restoreKeptAnswers({ path: PAGE, questions, choose: (q, r) => chosen.push([q.questionGuid, r]), saveAll: async () => true, announce });
    expect(chosen).toEqual([
      ['b', 3],
      ['c', 0],
    ]);
    expect(announce).toHaveBeenCalledWith('2 answers that could not be saved before are saved now.');
  });

  it('chooses nothing for someone else, and says nothing when the saves fail (the page says that)', async () => {
    const questions = [question('a', null)];
    keepAnswers(PAGE, 'u-1', { a: 3 });
    getCurrentUser.mockResolvedValueOnce({ id: 'u-2' });
    const choose = vi.fn();
    await restoreKeptAnswers({ path: PAGE, questions, choose, saveAll: async () => true, announce: vi.fn() });
    expect(choose).not.toHaveBeenCalled();

    keepAnswers(PAGE, 'u-1', { a: 3 });
    getCurrentUser.mockResolvedValueOnce({ id: 'u-1' });
    const announce = vi.fn();
    await restoreKeptAnswers({ path: PAGE, questions, choose, saveAll: async () => false, announce });
    expect(choose).toHaveBeenCalledWith(questions[0], 3);
    expect(announce).not.toHaveBeenCalled();
  });

  it('keeps the answers when the look-up of who is signed in fails: it says nothing of who that is (review of 2026-11-27)', async () => {
    const questions = [question('a', null)];
    keepAnswers(PAGE, 'u-1', { a: 3 });
    getCurrentUser.mockRejectedValueOnce(new Error('connection reset'));
    const choose = vi.fn();
    await restoreKeptAnswers({ path: PAGE, questions, choose, saveAll: async () => true, announce: vi.fn() });
    expect(choose).not.toHaveBeenCalled();
    getCurrentUser.mockResolvedValueOnce({ id: 'u-1' });
    await restoreKeptAnswers({ path: PAGE, questions, choose, saveAll: async () => true, announce: vi.fn() });
    expect(choose).toHaveBeenCalledWith(questions[0], 3);
  });
});
