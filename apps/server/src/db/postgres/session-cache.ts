import { runQuery } from '../accelerator';
import type { CachedSessionLookup, Db, SessionOfCookie } from '../handle';
import { SessionCache } from '../embedded/session-cache';
import { sha256 } from '../../lib/crypto';
import { findSession, sessionRowUsableUntil, sessionWithUserQuery, userOf, type SessionContext } from '../../sessions/sessions';
import { ChangeNoticeListener } from './change-notices';

/** The channel migration 0009's triggers announce session and user changes on. */
export const SESSION_CHANGES_CHANNEL = 'bloom_session_changes';

/** About 1 KB each. */
const CAPACITY = 10_000;
/** Notices remembered, so a read that was on its way while one arrived is not cached (see `changedSince`). */
const RECENT_NOTICES = 4_096;

type Notice = { session: string } | { user: string } | { progress: string; route: string | null; updatedAt: string };

/** A notice's payload as migration 0009's triggers write it, or `undefined` for anything else on the channel. */
function readNotice(payload: string): Notice | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const notice = value as Record<string, unknown>;
  if (typeof notice.session === 'string' || typeof notice.user === 'string') return notice as Notice;
  const route = notice.route;
  if (typeof notice.progress === 'string' && (route === null || typeof route === 'string') && typeof notice.updatedAt === 'string') return notice as Notice;
  return undefined;
}

/** What a saved route's notice says, to know it when it arrives. */
const progressKey = (userId: string, route: string | null, updatedAt: string) => `${userId}\n${updatedAt}\n${route ?? ''}`;

/**
 * Sessions cached per instance on PostgreSQL (decision 0035), as SQLite caches them (decision
 * 0011): most requests then need no round trip to know who is asking. Several instances share
 * the database, so each one hears every change through LISTEN (migration 0009's triggers,
 * change-notices.ts) and forgets the sessions it concerns, or puts a saved route into them.
 * - Nothing is cached while the listener is not listening, and a lost connection forgets
 *   everything: a notice missed in between could have ended a session.
 * - A read started before a notice about its session or user arrived is used for its own
 *   request but not cached: it may hold the row as it was before that change.
 * - An entry is used only until its session would need its idle window slid or would expire,
 *   at most a minute (`sessionRowUsableUntil`); that read goes to the database as before.
 * - The instance that answers a write forgets the caller's sessions itself (`forgetUser`), unless
 *   the endpoint table says the write leaves them as they were (`keepsCallerSession`), or puts the
 *   saved route into them (`progressSaved`); every other instance hears of a change when its
 *   NOTIFY arrives, about when the COMMIT is answered.
 */
export class SharedSessionCache implements CachedSessionLookup {
  private readonly cache = new SessionCache(CAPACITY);
  private readonly listener: ChangeNoticeListener;
  private listening = false;
  /** Notices heard so far, and the keys of the latest ones, by sequence number modulo their length. */
  private noticeCount = 0;
  private readonly recentKeys: string[] = new Array<string>(RECENT_NOTICES);
  /** For a saved route's notice, what it said (`progressKey`), in the same slot as its key. */
  private readonly recentProgress: (string | undefined)[] = new Array<string | undefined>(RECENT_NOTICES);
  /** Bumped when the listener stops: every read in flight then may have missed a notice. */
  private lostAt = 0;

  constructor(
    private readonly db: Db,
    connectionString: string,
  ) {
    this.listener = new ChangeNoticeListener(connectionString, SESSION_CHANGES_CHANNEL, {
      notice: (payload) => {
        const notice = readNotice(payload);
        // Something else sent on the channel (anyone who can connect may NOTIFY): whatever it
        // meant to announce, every cached session is forgotten rather than trusted.
        if (notice) this.apply(notice);
        else this.forgetEverything();
      },
      live: (listening) => {
        this.listening = listening;
        this.forgetEverything();
      },
    });
    this.listener.start();
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

  /**
   * A write on this instance may have changed this user or ended their session: their sessions
   * are forgotten here before the write is answered (the sessions plugin's onSend), so the
   * caller's next request on this instance reads them again rather than a copy from before the
   * change, however late the listener's notice arrives.
   */
  forgetUser(userId: string): void {
    this.heard(`u:${userId}`);
    this.cache.forgetUser(userId);
  }

  get noticesHeard(): number {
    return this.noticeCount;
  }

  /**
   * This instance's own save of a route, answered: its notice comes through the listener too, in
   * commit order with everyone's. If it has already come, the cache holds the route as the
   * database does (perhaps a newer one, saved after it), so nothing is done. If not, no later save
   * has committed either, and the route goes in now.
   */
  progressSaved(userId: string, route: string, updatedAt: string, heardBefore: number): void {
    const own = progressKey(userId, route, updatedAt);
    const ownHeard = this.heardSince(heardBefore, (slot) => this.recentProgress[slot] === own);
    // Notices in between that cannot be told apart: the user's sessions are read again.
    if (ownHeard === undefined) this.forgetUser(userId);
    else if (!ownHeard) this.apply({ progress: userId, route, updatedAt });
  }

  /** Resolves once every change committed before the call has reached this cache (tests and the bench's counts). */
  caughtUp(): Promise<void> {
    return this.listener.caughtUp();
  }

  async close(): Promise<void> {
    await this.listener.stop();
  }

  private apply(notice: Notice): void {
    if ('session' in notice) {
      this.heard(`s:${notice.session}`);
      this.cache.forgetSession(notice.session);
    } else if ('user' in notice) {
      this.heard(`u:${notice.user}`);
      this.cache.forgetUser(notice.user);
    } else {
      this.heard(`u:${notice.progress}`, progressKey(notice.progress, notice.route, notice.updatedAt));
      this.cache.updateUser(notice.progress, (user) => {
        const updated = userOf(user);
        updated.last_visited_route = notice.route;
        updated.updated_at = notice.updatedAt;
        return updated;
      });
    }
  }

  private heard(key: string, progress?: string): void {
    this.noticeCount += 1;
    this.recentKeys[this.noticeCount % RECENT_NOTICES] = key;
    this.recentProgress[this.noticeCount % RECENT_NOTICES] = progress;
  }

  /** Every read in flight may have missed a notice: nothing cached is trusted. */
  private forgetEverything(): void {
    this.cache.clear();
    this.lostAt = this.noticeCount += 1;
  }

  /** Whether a notice about this session or user (or a lost connection) came after notice number `since`. */
  private changedSince(since: number, sessionId: string, userId: string): boolean {
    const session = `s:${sessionId}`;
    const user = `u:${userId}`;
    return this.heardSince(since, (slot) => this.recentKeys[slot] === session || this.recentKeys[slot] === user) ?? true;
  }

  /**
   * Whether a notice heard after notice number `since` matches (by its slot in the recent
   * notices), or `undefined` when that cannot be told: the listener was lost since, or more
   * notices came than are remembered.
   */
  private heardSince(since: number, matches: (slot: number) => boolean): boolean | undefined {
    if (this.lostAt > since || this.noticeCount - since >= RECENT_NOTICES) return undefined;
    for (let n = since + 1; n <= this.noticeCount; n++) if (matches(n % RECENT_NOTICES)) return true;
    return false;
  }
}
