import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnswerSaver, answersAtRisk, type AnswerToSave, type SaveFailure } from './answerSaver';

const QUESTIONS = ['q1', 'q2', 'q3'].map((questionGuid, index) => ({ questionGuid, order: index + 1, response: null as number | null }));

/** A server whose answers arrive only when the test releases them, in any order it likes. */
class HeldServer {
  readonly stored = new Map<string, number>();
  readonly requests: AnswerToSave[][] = [];
  private readonly held: Array<{ batch: AnswerToSave[]; settle: (ok: boolean) => void }> = [];
  failNext = 0;

  send = (batch: AnswerToSave[]): Promise<void> => {
    this.requests.push(batch);
    return new Promise<void>((resolve, reject) => {
      this.held.push({
        batch,
        settle: (ok) => {
          if (!ok) return reject(new Error('offline'));
          for (const a of batch) this.stored.set(a.questionGuid, a.response);
          resolve();
        },
      });
    });
  };

  get waiting(): number {
    return this.held.length;
  }

  get heldQuestions(): string[] {
    return this.held.flatMap((h) => h.batch.map((a) => a.questionGuid));
  }

  async release(index: number, ok = true): Promise<void> {
    const [entry] = this.held.splice(index % this.held.length, 1);
    entry!.settle(ok);
    await flush();
  }

  async releaseAll(): Promise<void> {
    while (this.held.length > 0) await this.release(0);
  }
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const retryable = (): SaveFailure => 'retryable';

describe('AnswerSaver', () => {
  it('saves each answer the moment it is chosen, as a one-item list', async () => {
    const server = new HeldServer();
    const saver = new AnswerSaver(server.send, retryable);
    saver.track(QUESTIONS);
    saver.choose('q2', 3);
    expect(server.requests).toEqual([[{ questionGuid: 'q2', response: 3, order: 2 }]]);
    await server.releaseAll();
    expect(server.stored.get('q2')).toBe(3);
    expect(saver.snapshot()).toEqual({ unsaved: 0, inFlight: 0, failure: null });
  });

  it('Next sends nothing when every answer is already saved', async () => {
    const server = new HeldServer();
    const saver = new AnswerSaver(server.send, retryable);
    saver.track([{ questionGuid: 'q1', order: 1, response: 2 }]);
    expect(await saver.saveAll()).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('a failed save keeps the answer, and Next sends it again, once, with the other pending answers', async () => {
    const server = new HeldServer();
    const saver = new AnswerSaver(server.send, retryable);
    saver.track(QUESTIONS);
    saver.choose('q1', 4);
    await server.release(0, false);
    expect(saver.snapshot()).toMatchObject({ unsaved: 1, failure: 'retryable' });
    saver.choose('q3', 1); // kept, not sent, until the person retries
    expect(server.requests).toHaveLength(1);

    const next = saver.saveAll();
    await flush();
    expect(server.requests[1]).toEqual([
      { questionGuid: 'q1', response: 4, order: 1 },
      { questionGuid: 'q3', response: 1, order: 3 },
    ]);
    await server.releaseAll();
    expect(await next).toBe(true);
    expect(Object.fromEntries(server.stored)).toEqual({ q1: 4, q3: 1 });
  });

  it('a save in flight that fails while Next waits for it is sent again, and Next succeeds once it is kept', async () => {
    const server = new HeldServer();
    const saver = new AnswerSaver(server.send, retryable);
    saver.track(QUESTIONS);
    saver.choose('q1', 2);
    const next = saver.saveAll();
    await server.release(0, false); // the save Next was waiting for fails...
    expect(server.requests).toEqual([[{ questionGuid: 'q1', response: 2, order: 1 }], [{ questionGuid: 'q1', response: 2, order: 1 }]]);
    await server.releaseAll(); // ...and Next's own resend of it succeeds
    expect(await next).toBe(true);
    expect(saver.snapshot()).toEqual({ unsaved: 0, inFlight: 0, failure: null });
    expect(server.stored.get('q1')).toBe(2);
  });

  it('a failed save whose answer the server may have kept anyway sends whatever is chosen next, even the old answer', async () => {
    // The reply was lost (a timeout, a proxy's 502 after the commit) but the server stored the answer.
    const server = new HeldServer();
    const saver = new AnswerSaver(server.send, retryable);
    saver.track([{ questionGuid: 'q1', order: 1, response: 2 }]);
    saver.choose('q1', 4);
    server.stored.set('q1', 4);
    await server.release(0, false);
    saver.choose('q1', 2); // back to the answer the page was opened with
    expect(saver.snapshot().unsaved).toBe(1);
    const next = saver.saveAll();
    await flush();
    expect(server.requests[1]).toEqual([{ questionGuid: 'q1', response: 2, order: 1 }]);
    await server.releaseAll();
    expect(await next).toBe(true);
    expect(server.stored.get('q1')).toBe(2);
  });

  it('reports a lost session so the page can stop taking answers it cannot keep', async () => {
    const server = new HeldServer();
    const saver = new AnswerSaver(server.send, () => 'session');
    saver.track(QUESTIONS);
    saver.choose('q1', 0);
    await server.release(0, false);
    expect(saver.snapshot().failure).toBe('session');
  });

  it('whatever the order in which saves come back, the last choice for each question is what the server keeps', async () => {
    const choice = fc.record({ question: fc.constantFrom('q1', 'q2', 'q3'), response: fc.integer({ min: 0, max: 4 }) });
    const step = fc.oneof(
      choice.map((c) => ({ kind: 'choose' as const, ...c })),
      fc.nat().map((n) => ({ kind: 'release' as const, n })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        const server = new HeldServer();
        const saver = new AnswerSaver(server.send, retryable);
        saver.track(QUESTIONS);
        const last = new Map<string, number>();
        for (const s of steps) {
          if (s.kind === 'choose') {
            saver.choose(s.question, s.response);
            last.set(s.question, s.response);
          } else if (server.waiting > 0) {
            await server.release(s.n);
          }
          // Never two saves of one question on the way at once: their order could not be trusted.
          const inFlight = server.heldQuestions;
          expect(new Set(inFlight).size).toBe(inFlight.length);
        }
        const next = saver.saveAll();
        while (server.waiting > 0 || saver.snapshot().inFlight > 0) {
          if (server.waiting > 0) await server.release(0);
          else await flush();
        }
        expect(await next).toBe(true);
        expect(Object.fromEntries(server.stored)).toEqual(Object.fromEntries(last));
      }),
    );
  });
});

describe('answersAtRisk', () => {
  it('an answer not acknowledged yet is at risk: unsent, failed, or on its way (a reload may read before it lands, and a move inside the app leaves no page to say it failed)', () => {
    expect(answersAtRisk({ unsaved: 1, inFlight: 1, failure: null })).toBe(true);
    expect(answersAtRisk({ unsaved: 2, inFlight: 1, failure: null })).toBe(true);
    expect(answersAtRisk({ unsaved: 1, inFlight: 0, failure: 'retryable' })).toBe(true);
    expect(answersAtRisk({ unsaved: 0, inFlight: 0, failure: null })).toBe(false);
  });

  it("a change of mind while the question's previous save is on its way is at risk: the value on its way is the old one (review of 2026-11-27)", async () => {
    const server = new HeldServer();
    const saver = new AnswerSaver(server.send, retryable);
    saver.track(QUESTIONS);
    saver.choose('q1', 2);
    saver.choose('q1', 0);
    // One request, the first choice's: the second waits in memory for it to settle.
    expect(server.requests).toEqual([[{ questionGuid: 'q1', response: 2, order: 1 }]]);
    expect(answersAtRisk(saver.snapshot())).toBe(true);
    await server.release(0);
    // The change is on its way now, and at risk until it is acknowledged too.
    expect(server.requests).toHaveLength(2);
    expect(answersAtRisk(saver.snapshot())).toBe(true);
    await server.release(0);
    expect(server.stored.get('q1')).toBe(0);
    expect(answersAtRisk(saver.snapshot())).toBe(false);
  });

  it('once the session has ended nothing is at risk: staying keeps nothing', () => {
    expect(answersAtRisk({ unsaved: 3, inFlight: 1, failure: 'session' })).toBe(false);
  });

  it('nor once the answers are kept as they are because the plan was bought (decision 0074)', () => {
    expect(answersAtRisk({ unsaved: 3, inFlight: 0, failure: 'locked' })).toBe(false);
    expect(answersAtRisk({ unsaved: 3, inFlight: 1, failure: 'locked' })).toBe(false);
  });
});

describe('a save refused because the plan was bought (decision 0074)', () => {
  /** A server that took answers until the plan was bought, and refuses every one since. */
  function boughtServer() {
    const state = { bought: false, stored: new Map<string, number>() };
    const send = async (batch: AnswerToSave[]) => {
      await flush();
      if (state.bought) throw new Error('answers_locked');
      for (const a of batch) state.stored.set(a.questionGuid, a.response);
    };
    const classify = (error: unknown): SaveFailure => (error instanceof Error && error.message === 'answers_locked' ? 'locked' : 'retryable');
    return { state, send, classify };
  }

  it('is final, and what the server holds is still known: the answers saved before the purchase', async () => {
    const server = boughtServer();
    const saver = new AnswerSaver(server.send, server.classify);
    saver.track([{ questionGuid: 'q1', order: 1, response: 2 }, { questionGuid: 'q2', order: 2, response: null }, { questionGuid: 'q3', order: 3, response: 4 }]);
    saver.choose('q2', 1);
    await flush();
    await flush();
    server.state.bought = true;
    saver.choose('q1', 0);
    saver.choose('q2', 3);
    await flush();
    await flush();
    expect(saver.snapshot().failure).toBe('locked');
    // q1 as the page opened with it, q2 as saved on this page before the purchase, q3 untouched.
    expect(saver.held()).toEqual({ q1: 2, q2: 1, q3: 4 });
    // A retry (Next) is refused again and stays final.
    expect(await saver.saveAll()).toBe(false);
    expect(saver.snapshot().failure).toBe('locked');
    expect(saver.held()).toEqual({ q1: 2, q2: 1, q3: 4 });
  });

  it('outranks a passing network failure of a save on its way at the same time', async () => {
    let calls = 0;
    const saver = new AnswerSaver(
      async () => {
        calls += 1;
        const mine = calls;
        await new Promise((resolve) => setTimeout(resolve, mine === 1 ? 5 : 0));
        throw new Error(mine === 1 ? 'offline' : 'answers_locked');
      },
      (error) => ((error as Error).message === 'answers_locked' ? 'locked' : 'retryable'),
    );
    saver.track(QUESTIONS);
    saver.choose('q1', 1);
    saver.choose('q2', 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(saver.snapshot().failure).toBe('locked');
  });
});
