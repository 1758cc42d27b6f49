/**
 * Keeps a question page's answers in step with the server (DESIGN.md §11): each answer is saved
 * the moment it is chosen, as a one-item `SaveQuestionResponse`; Next saves what is still pending,
 * once. No answer is dropped: a failed save keeps the answer as pending until a retry succeeds.
 *
 * Per question at most one save is in flight. A choice made while its save is on the way is sent
 * when that save settles, so requests for one question reach the server in the order they were
 * chosen and the last choice is the one that stays (the server's last write wins).
 */
export interface AnswerToSave {
  questionGuid: string;
  response: number;
  order: number;
}

/**
 * Session storage key of the answers a page kept when its session ended, for the sign-in that comes
 * back to it (logic/keptAnswers.ts). In lib, which the page's first paint carries anyway, so the
 * page looks for them without loading that module, and log-out forgets them.
 */
export { JOURNEY_PERSON_KEY, KEPT_ANSWERS_KEY } from '../../../lib/session-storage';

/**
 * Why a save failed: `session` when nothing on this page can be kept (no session, no assessment);
 * `locked` when the assessment's plan was bought, so its answers stay as they are (decision 0074).
 * Either is final: retrying cannot help. Anything else is `retryable`.
 */
export type SaveFailure = 'session' | 'locked' | 'retryable';

export interface SaverSnapshot {
  /** Chosen answers the server has not acknowledged yet (in flight or failed). */
  unsaved: number;
  inFlight: number;
  failure: SaveFailure | null;
}

/**
 * Whether leaving the page could lose answers: chosen and not acknowledged yet, while they can
 * still be saved (not once the session has ended: staying keeps nothing). A save on its way counts
 * too, for every way of leaving. Inside the app, if it then fails no page is left to say so and send
 * it again. Leaving the document (a reload, a closed tab), the value on its way may be an older one
 * whose change waits here for it to settle (one save per question at a time), and a reload may read
 * the answers before a save sent with keepalive lands, so the page would show the older answer
 * while the server ends with the newer one (a review's find, 2026-11-27).
 */
export function answersAtRisk(snapshot: SaverSnapshot): boolean {
  return (snapshot.failure === null || snapshot.failure === 'retryable') && snapshot.unsaved > 0;
}

interface QuestionState {
  order: number;
  chosen: number | null;
  /** What the server holds; null when nothing, or not known (after a failed save). */
  saved: number | null;
  sending: boolean;
}

export class AnswerSaver {
  private readonly questions = new Map<string, QuestionState>();
  private failure: SaveFailure | null = null;
  private readonly inFlightSaves = new Set<Promise<void>>();

  constructor(
    private readonly send: (answers: AnswerToSave[]) => Promise<void>,
    private readonly classify: (error: unknown) => SaveFailure,
    private readonly onChange: () => void = () => {},
  ) {}

  /** Questions shown on the page, with what the server already holds for each. */
  track(questions: ReadonlyArray<{ questionGuid: string; order: number; response: number | null }>): void {
    for (const q of questions) {
      if (!this.questions.has(q.questionGuid)) {
        this.questions.set(q.questionGuid, { order: q.order, chosen: q.response, saved: q.response, sending: false });
      }
    }
  }

  /** A person chose `response`: save it now (or right after this question's save in flight). */
  choose(questionGuid: string, response: number): void {
    const state = this.questions.get(questionGuid);
    if (!state) return;
    state.chosen = response;
    // After a failure the person decides when to retry; a new choice is kept until then.
    if (this.failure === null) this.sendPending([questionGuid]);
    this.onChange();
  }

  /**
   * Next: waits for the saves on their way, then sends everything still unsaved in one request.
   * Resolves true when every chosen answer is acknowledged.
   */
  async saveAll(): Promise<boolean> {
    this.failure = null;
    this.onChange();
    await this.settled();
    // A save that failed while we waited is resent below (or its answer was changed back to what
    // the server holds): its failure must not outlive that, or Next would report answers all kept as lost.
    if (this.failure !== null) {
      this.failure = null;
      this.onChange();
    }
    const pending = this.pendingGuids();
    if (pending.length > 0) {
      this.sendPending(pending);
      await this.settled();
    }
    return this.failure === null && this.pendingGuids().length === 0;
  }

  /** What the server holds for each question, as far as this page knows (null: nothing, or not known). */
  held(): Record<string, number | null> {
    return Object.fromEntries([...this.questions].map(([guid, state]) => [guid, state.saved]));
  }

  snapshot(): SaverSnapshot {
    let unsaved = 0;
    let inFlight = 0;
    for (const state of this.questions.values()) {
      if (state.chosen !== null && state.chosen !== state.saved) unsaved += 1;
      if (state.sending) inFlight += 1;
    }
    return { unsaved, inFlight, failure: this.failure };
  }

  private pendingGuids(): string[] {
    return [...this.questions].filter(([, s]) => !s.sending && s.chosen !== null && s.chosen !== s.saved).map(([guid]) => guid);
  }

  private async settled(): Promise<void> {
    while (this.inFlightSaves.size > 0) await Promise.allSettled([...this.inFlightSaves]);
  }

  private sendPending(guids: readonly string[]): void {
    const batch: AnswerToSave[] = [];
    for (const guid of guids) {
      const state = this.questions.get(guid);
      if (!state || state.sending || state.chosen === null || state.chosen === state.saved) continue;
      state.sending = true;
      batch.push({ questionGuid: guid, response: state.chosen, order: state.order });
    }
    if (batch.length === 0) return;
    const save = this.deliver(batch);
    this.inFlightSaves.add(save);
    void save.finally(() => this.inFlightSaves.delete(save));
  }

  private async deliver(batch: AnswerToSave[]): Promise<void> {
    let delivered = false;
    let refused = false;
    try {
      await this.send(batch);
      delivered = true;
    } catch (error) {
      // A final failure (a lost session, a bought plan) outranks a passing network failure: retrying cannot help it.
      const kind = this.classify(error);
      if (this.failure === null || this.failure === 'retryable') this.failure = kind;
      refused = kind === 'locked';
    }
    const changedMeanwhile: string[] = [];
    for (const answer of batch) {
      const state = this.questions.get(answer.questionGuid)!;
      state.sending = false;
      // A failed save may still have been stored (its reply lost: a timeout, a proxy's 502 after
      // the commit): what the server holds is unknown, so whatever is chosen next is sent. A
      // refusal (`locked`) stored nothing: the server holds what it held.
      if (!refused) state.saved = delivered ? answer.response : null;
      if (state.chosen !== answer.response) changedMeanwhile.push(answer.questionGuid);
    }
    if (this.failure === null && changedMeanwhile.length > 0) {
      for (const guid of changedMeanwhile) this.sendPending([guid]);
    }
    this.onChange();
  }
}
