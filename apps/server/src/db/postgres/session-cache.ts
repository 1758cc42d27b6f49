import type pg from 'pg';
import { runQuery } from '../accelerator';
import type { CachedSessionLookup, Db, SessionOfCookie } from '../handle';
import { SessionCache } from '../embedded/session-cache';
import { sha256 } from '../../lib/crypto';
import { findSession, sessionRowUsableUntil, sessionWithUserQuery, userOf, type SessionContext } from '../../sessions/sessions';
import { ChangeNoticeListener } from './change-notices';

/** The channel migration 0010's triggers announce session and user changes on. */
export const SESSION_CHANGES_CHANNEL = 'bloom_session_changes';

/** About 1 KB each. */
const CAPACITY = 10_000;
/** The longest a write's answer waits for the listener to hear its notices (`settled`). */
const SETTLE_LIMIT_MS = 1_000;
/** Notices remembered, so a read that was on its way while one arrived is not cached (see `changedSince`). */
const RECENT_NOTICES = 4_096;

/** The server process a connection talks to, as NOTIFY names its sender. */
const backendOf = (client: pg.PoolClient) => (client as unknown as { processID: number | null }).processID;

/** Counted keys: `add` one, `take` one (false when there was none). */
function add(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
function take(counts: Map<string, number>, key: string): boolean {
  const count = counts.get(key);
  if (count === undefined) return false;
  if (count > 1) counts.set(key, count - 1);
  else counts.delete(key);
  return true;
}

type Notice = { session: string } | { user: string } | { progress: string; route: string | null; updatedAt: string };

/**
 * Sessions cached per instance on PostgreSQL (decision 0035), as SQLite caches them (decision
 * 0011): most requests then need no round trip to know who is asking. Several instances share
 * the database, so each one hears every change through LISTEN (migration 0010's triggers,
 * change-notices.ts) and forgets the sessions it concerns, or puts a saved route into them.
 * - Nothing is cached while the listener is not listening, and a lost connection forgets
 *   everything: a notice missed in between could have ended a session.
 * - A read started before a notice about its session or user arrived is used for its own
 *   request but not cached: it may hold the row as it was before that change.
 * - An entry is used only until its session would need its idle window slid or would expire,
 *   at most a minute (`sessionRowUsableUntil`); that read goes to the database as before.
 * The instance that made a change applies it before its COMMIT is answered (`watch`); every
 * other instance hears it within the time NOTIFY takes to arrive, about as long as that COMMIT
 * takes to be answered: before the caller's next request reaches any of them.
 */
export class SharedSessionCache implements CachedSessionLookup {
  private readonly cache = new SessionCache(CAPACITY);
  private readonly listener: ChangeNoticeListener;
  private listening = false;
  /** Notices heard so far, and the keys of the latest ones, by sequence number modulo their length. */
  private noticeCount = 0;
  private readonly recentKeys: string[] = new Array<string>(RECENT_NOTICES);
  /** Bumped when the listener stops: every read in flight then may have missed a notice. */
  private lostAt = 0;
  /** This instance's own notices (by sender and payload) that its listener has not heard yet, and who waits for them (`settled`). */
  private readonly unheard = new Map<string, number>();
  /** The same, heard by the listener before the connection that sent them had its copy. */
  private readonly heardFirst = new Map<string, number>();
  private readonly ownBackends = new Set<number>();
  private waiters: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    connectionString: string,
  ) {
    this.listener = new ChangeNoticeListener(connectionString, SESSION_CHANGES_CHANNEL, {
      notice: (payload, sender) => {
        this.apply(payload);
        this.heardOwn(sender, payload);
      },
      live: (listening) => {
        this.listening = listening;
        this.cache.clear();
        this.lostAt = this.noticeCount += 1;
        this.unheard.clear();
        this.heardFirst.clear();
        this.releaseWaiters();
      },
    });
    this.listener.start();
  }

  /**
   * A pooled connection listens too, for one reason: PostgreSQL hands a session its own
   * notices right after its COMMIT, before the COMMIT is answered. Applying those at once means
   * a request that changed a session or user is never followed, on this instance, by a read of
   * the copy from before its change, however late the listener's copy of the same notice
   * arrives. Notices from other connections are the listener's alone, which keeps them in
   * commit order. (The LISTEN is queued ahead of the connection's first query.)
   */
  watch(client: pg.PoolClient): void {
    void client.query(`listen ${SESSION_CHANGES_CHANNEL}`).then(
      () => {
        const backend = backendOf(client);
        if (backend !== null) this.ownBackends.add(backend);
        client.once('end', () => this.ownBackends.delete(backend ?? -1));
      },
      () => {},
    );
    client.on('notification', (message) => {
      if (message.channel !== SESSION_CHANGES_CHANNEL || message.processId !== backendOf(client) || !message.payload) return;
      this.apply(message.payload);
      // The listener may have heard it first: then there is nothing left to wait for.
      if (this.listening && !take(this.heardFirst, `${message.processId}:${message.payload}`)) add(this.unheard, `${message.processId}:${message.payload}`);
    });
  }

  /**
   * Resolves once the listener has heard every notice this instance's own commits sent so far
   * (at most a second). Awaited before a write is answered (`flushDurable`, app.ts's onSend):
   * PostgreSQL signals every listening session at the same commit, so when this instance's
   * listener has its copy, the other instances' listeners have been handed theirs, before the
   * caller can send its next request to any of them.
   */
  settled(): Promise<void> {
    if (this.unheard.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      setTimeout(resolve, SETTLE_LIMIT_MS).unref();
    });
  }

  /** The listener heard a notice; when one of this instance's connections sent it, it is no longer awaited. */
  private heardOwn(sender: number, payload: string): void {
    if (!this.ownBackends.has(sender)) return;
    const key = `${sender}:${payload}`;
    if (!take(this.unheard, key)) add(this.heardFirst, key);
    else if (this.unheard.size === 0) this.releaseWaiters();
  }

  private releaseWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  get size(): number {
    return this.cache.size;
  }

  findNow(token: string): SessionOfCookie | undefined {
    return this.cache.lookup(token, Date.now());
  }

  /** Reads the session of `token` from the database and caches it when nothing about it changed meanwhile. */
  async find(token: string): Promise<SessionContext | null> {
    const sessionId = sha256(token);
    const startedAt = this.noticeCount;
    const [row] = await runQuery(this.db, sessionWithUserQuery, sessionId);
    if (!row) return null;
    const staleAfter = sessionRowUsableUntil(row);
    // Expired, or its idle window is due to slide: both writes, which findSession makes.
    if (Date.now() >= staleAfter) return findSession(this.db, token);
    const context: SessionContext = Object.freeze({ sessionId, user: Object.freeze(userOf(row)) });
    if (this.listening && !this.changedSince(startedAt, sessionId, row.id)) this.cache.remember({ token, context, staleAfter });
    return context;
  }

  async close(): Promise<void> {
    await this.listener.stop();
  }

  private apply(payload: string): void {
    const notice = JSON.parse(payload) as Notice;
    if ('session' in notice) {
      this.heard(`s:${notice.session}`);
      this.cache.forgetSession(notice.session);
    } else if ('user' in notice) {
      this.heard(`u:${notice.user}`);
      this.cache.forgetUser(notice.user);
    } else {
      this.heard(`u:${notice.progress}`);
      this.cache.updateUser(notice.progress, (user) => {
        const updated = userOf(user);
        updated.last_visited_route = notice.route;
        updated.updated_at = notice.updatedAt;
        return updated;
      });
    }
  }

  private heard(key: string): void {
    this.noticeCount += 1;
    this.recentKeys[this.noticeCount % RECENT_NOTICES] = key;
  }

  /** Whether a notice about this session or user (or a lost connection) came after notice number `since`. */
  private changedSince(since: number, sessionId: string, userId: string): boolean {
    if (this.lostAt > since || this.noticeCount - since >= RECENT_NOTICES) return true;
    for (let n = since + 1; n <= this.noticeCount; n++) {
      const key = this.recentKeys[n % RECENT_NOTICES];
      if (key === `s:${sessionId}` || key === `u:${userId}`) return true;
    }
    return false;
  }
}
