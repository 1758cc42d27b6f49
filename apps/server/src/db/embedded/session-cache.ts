import type { SessionContext } from '../../sessions/sessions';

/**
 * Signed-in sessions kept in memory, so most requests need no database read to know who is
 * asking (docs/decisions/0011-session-cache-and-sqlite-ownership.md). Reading the session and its user costs more
 * than half of a simple request's CPU when it goes to SQLite.
 *
 * This class only keeps entries; it never decides that an entry is still true. Its owner
 * (session-reads.ts) forgets a user or session whenever the database changes its
 * row, and the entry states the times after which it must be read again:
 * - `staleAfter`: when the database row would need its idle window slid forward (a write),
 *   or would have expired, whichever comes first;
 * - past that, `lookup` drops the entry and the caller reads the database as if it had none.
 * Given `idleMs`, an entry not looked up for that long is also dropped (swept at a `remember`,
 * at most once per half of `idleMs`): the cache then holds the people active lately rather than
 * everyone since start-up, up to its capacity (issue 28 memory; lib/bounded-map.ts does the same).
 */
export interface CachedSession {
  token: string;
  context: SessionContext;
  /** Epoch milliseconds after which the entry must not answer. */
  staleAfter: number;
}

export class SessionCache {
  private readonly byToken = new Map<string, CachedSession & { usedAt: number }>();
  private readonly tokenBySessionId = new Map<string, string>();
  private readonly tokensByUserId = new Map<string, Set<string>>();

  private sweptAt = 0;

  constructor(
    private readonly capacity: number,
    private readonly idleMs = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.byToken.size;
  }

  /** The session for `token` if it is cached and not stale at `now` (epoch ms). */
  lookup(token: string, now: number): SessionContext | undefined {
    const entry = this.byToken.get(token);
    if (!entry) return undefined;
    if (now >= entry.staleAfter) {
      this.forgetToken(token);
      return undefined;
    }
    entry.usedAt = now;
    return entry.context;
  }

  remember(entry: CachedSession, now = Date.now()): void {
    this.sweepIdle(now);
    this.forgetToken(entry.token);
    if (this.byToken.size >= this.capacity) {
      // Maps iterate in insertion order: the first key is the longest-held entry.
      const oldest = this.byToken.keys().next().value;
      if (oldest !== undefined) this.forgetToken(oldest);
    }
    this.byToken.set(entry.token, { ...entry, usedAt: now });
    this.tokenBySessionId.set(entry.context.sessionId, entry.token);
    const userId = entry.context.user.id;
    let tokens = this.tokensByUserId.get(userId);
    if (!tokens) this.tokensByUserId.set(userId, (tokens = new Set()));
    tokens.add(entry.token);
  }

  /** Every cached session of this user (their row changed or is gone). */
  forgetUser(userId: string): void {
    const tokens = this.tokensByUserId.get(userId);
    if (!tokens) return;
    for (const token of [...tokens]) this.forgetToken(token);
  }

  /** Replaces the user of every cached session of this user (their row changed in a way the owner read back). */
  updateUser(userId: string, update: (user: SessionContext['user']) => SessionContext['user']): void {
    const tokens = this.tokensByUserId.get(userId);
    if (!tokens) return;
    for (const token of tokens) {
      const entry = this.byToken.get(token)!;
      const context: SessionContext = Object.freeze({ sessionId: entry.context.sessionId, user: Object.freeze(update(entry.context.user)) });
      this.byToken.set(token, { ...entry, context });
    }
  }

  hasUser(userId: string): boolean {
    return this.tokensByUserId.has(userId);
  }

  /** This session (its row changed or is gone). */
  forgetSession(sessionId: string): void {
    const token = this.tokenBySessionId.get(sessionId);
    if (token !== undefined) this.forgetToken(token);
  }

  clear(): void {
    this.byToken.clear();
    this.tokenBySessionId.clear();
    this.tokensByUserId.clear();
  }

  private sweepIdle(now: number): void {
    if (this.idleMs === Number.POSITIVE_INFINITY || now - this.sweptAt < this.idleMs / 2) return;
    this.sweptAt = now;
    for (const [token, entry] of this.byToken) if (now - entry.usedAt >= this.idleMs) this.forgetToken(token);
  }

  private forgetToken(token: string): void {
    const entry = this.byToken.get(token);
    if (!entry) return;
    this.byToken.delete(token);
    this.tokenBySessionId.delete(entry.context.sessionId);
    const userId = entry.context.user.id;
    const tokens = this.tokensByUserId.get(userId);
    tokens?.delete(token);
    if (tokens?.size === 0) this.tokensByUserId.delete(userId);
  }
}
