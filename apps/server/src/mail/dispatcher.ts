import type { Db, DbDialect } from '../db/handle';
import { outsideRequestTally } from '../db/round-trips';
import type { QueryCreator } from 'kysely';
import type { Database, MailOutboxTable } from '../db/schema';
import { isoNow } from '../lib/time';
import { MAIL_TEMPLATES, onMailQueued, type MailTemplate } from './outbox';
import { renderMail } from './templates';
import type { MailTransport } from './transport';

/**
 * Sends the mail outbox (issue 25, DESIGN.md §12, docs/mail.md, decision 0027).
 *
 * Every `pollIntervalMs`, and shortly after this process queued a message, it claims the due
 * rows, renders and sends each, and marks it sent. A failed send is retried later, each time
 * waiting longer (`retryDelaysMs`, its last entry repeating): an SMTP outage delays mail, it
 * does not drop it. Given up (decision 0083): a message the server refuses for good (a 5xx answer
 * to its recipient or its content, such as 550 "no such mailbox"), and one the server still
 * defers (a 4xx to its recipient or content) `maxAgeMs` (3 days) after it was queued; a message
 * held up by Bloom's own SMTP server being down or misconfigured is never given up. A row given up leaves the queue like a sent one: its
 * `sent_at` is set (when it left the queue), its values are cleared, and `last_error` keeps why,
 * which tells it from a delivered row (`last_error` null); both are purged after `keepSentMs`.
 * Fresh mail is claimed before retries (fewest attempts first), so a backlog of failing rows
 * does not hold up a password reset.
 *
 * Claiming is one UPDATE that pushes the rows' `next_attempt_at` ahead by a lease and counts the
 * attempt; on PostgreSQL its subquery locks the rows `FOR UPDATE SKIP LOCKED`, so several Bloom
 * instances share the queue without sending a message twice, and a row whose instance died
 * mid-send is due again once its lease ends. SQLite has one process (decision 0011).
 */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailDispatcherOptions {
  db: Db;
  dialect: DbDialect;
  transport: MailTransport;
  from: string;
  appOrigin: string;
  /** SUPPORT_EMAIL: every message's Reply-To, and the address its texts name (decision 0072). */
  supportEmail: string | undefined;
  log: MailLog;
  /** How often to look for due mail when nobody says there is some. */
  pollIntervalMs?: number;
  /** The wait after the 1st, 2nd, … failed attempt; the last one repeats until `maxAgeMs`. */
  retryDelaysMs?: readonly number[];
  /** How long a claimed row is left to its sender before another instance may take it. */
  leaseMs?: number;
  /** Rows claimed (and sent at once) per round. */
  batchSize?: number;
  /** How long sent and given-up rows are kept (recipient, template, time and error only) before they are deleted. */
  keepSentMs?: number;
  /** A message its recipient's server still defers this long after it was queued is given up. */
  maxAgeMs?: number;
}

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];
const DEFAULT_POLL_INTERVAL_MS = 1_000;
const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_BATCH_SIZE = 10;
const DEFAULT_KEEP_SENT_MS = 7 * 24 * 60 * 60_000;
const DEFAULT_MAX_AGE_MS = 3 * 24 * 60 * 60_000;
/** Queued in this process: look this soon after (the queuing transaction has usually committed by then). */
const WAKE_DELAY_MS = 20;
const PURGE_EVERY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 500;

/** The wait before the next attempt, after `attempts` attempts that all failed. */
export function retryDelayMs(attempts: number, delays: readonly number[] = DEFAULT_RETRY_DELAYS_MS): number {
  if (delays.length === 0) return DEFAULT_RETRY_DELAYS_MS[0]!;
  return delays[Math.min(Math.max(attempts, 1), delays.length) - 1]!;
}

export class MailDispatcher {
  readonly #options: Required<MailDispatcherOptions>;
  #timer: NodeJS.Timeout | undefined;
  /** When the pending timer fires (Date.now() time). */
  #dueAt = 0;
  #running: Promise<number> | undefined;
  #again = false;
  #stopped = true;
  #unsubscribe: (() => void) | undefined;
  #lastPurge = 0;
  /** A round failed (the database is unreachable, say): said once, until a round works again. */
  #failing = false;

  constructor(options: MailDispatcherOptions) {
    this.#options = {
      pollIntervalMs: DEFAULT_POLL_INTERVAL_MS,
      retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
      leaseMs: DEFAULT_LEASE_MS,
      batchSize: DEFAULT_BATCH_SIZE,
      keepSentMs: DEFAULT_KEEP_SENT_MS,
      maxAgeMs: DEFAULT_MAX_AGE_MS,
      ...options,
    };
  }

  get transportKind(): MailTransport['kind'] {
    return this.#options.transport.kind;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#unsubscribe = onMailQueued(() => this.#schedule(WAKE_DELAY_MS));
    this.#schedule(0);
  }

  /** Stops polling and waits for the round in flight (at most one SMTP timeout), then closes the transport. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#unsubscribe?.();
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => 0);
    this.#options.transport.close();
  }

  /**
   * Sends what is due now, round after round until a round finds less than a full batch.
   * Resolves to the number of messages sent. One round at a time: a call during a round waits
   * for it and then runs one more (so a message queued meanwhile is not missed).
   */
  async runOnce(): Promise<number> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      let sent = 0;
      try {
        do {
          this.#again = false;
          sent += await this.#drain();
        } while (this.#again && !this.#stopped);
        await this.#purgeNowAndThen();
      } finally {
        this.#running = undefined;
      }
      return sent;
    })();
    return this.#running;
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    const dueAt = Date.now() + delayMs;
    // Only ever sooner: mail queued faster than the wake-up delay must not keep pushing the
    // next round back (it would never come while the stream lasts).
    if (this.#timer && this.#dueAt <= dueAt) return;
    clearTimeout(this.#timer);
    this.#dueAt = dueAt;
    // A wake-up set by a request that queued mail is still the dispatcher's own work: its
    // queries are not charged to that request (db/round-trips.ts).
    this.#timer = outsideRequestTally(() => setTimeout(() => {
      this.#timer = undefined;
      this.runOnce()
        .then(() => {
          if (this.#failing) this.#options.log.info({}, 'Mail dispatcher works again');
          this.#failing = false;
        })
        .catch((error: unknown) => {
          if (!this.#failing) this.#options.log.error({ err: errorMessage(error) }, 'Mail dispatcher cannot read the outbox; it keeps trying every poll');
          this.#failing = true;
        })
        .finally(() => {
          if (!this.#timer) this.#schedule(this.#options.pollIntervalMs);
        });
    }, delayMs));
    this.#timer.unref();
  }

  async #drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.#claim();
      const results = await Promise.all(claimed.map((row) => this.#deliver(row)));
      sent += results.filter(Boolean).length;
      if (claimed.length < this.#options.batchSize || this.#stopped) return sent;
    }
  }

  /** Takes up to a batch of due rows for this instance: one statement, so no two instances take the same row. */
  async #claim(): Promise<MailOutboxTable[]> {
    const { db, dialect, leaseMs, batchSize } = this.#options;
    const now = isoNow();
    const leaseEnds = new Date(Date.parse(now) + leaseMs).toISOString();
    const due = (from: QueryCreator<Database>) =>
      from
        .selectFrom('mail_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        // Fresh mail first: a backlog of retries (an outage's, say) does not hold up a password reset.
        .orderBy('attempts')
        .orderBy('next_attempt_at')
        .limit(batchSize);
    if (dialect === 'postgres') {
      // A MATERIALIZED CTE, run once: as `id in (subquery)` PostgreSQL may run the locking
      // subquery again for each row it updates, and so claimed 29 rows for a batch of 10.
      return db
        .with((cte) => cte('due').materialized(), (from) => due(from).forUpdate().skipLocked())
        .updateTable('mail_outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseEnds }))
        .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
        .where('sent_at', 'is', null)
        .returningAll()
        .execute();
    }
    return db
      .updateTable('mail_outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseEnds }))
      .where('id', 'in', () => due(db))
      .where('sent_at', 'is', null)
      .returningAll()
      .execute();
  }

  /** Renders and sends one claimed row; true when it went out. Never throws: a failure is recorded on the row. */
  async #deliver(row: MailOutboxTable): Promise<boolean> {
    const { db, transport, from, appOrigin, supportEmail, log, retryDelaysMs, maxAgeMs } = this.#options;
    let subject: string | undefined;
    try {
      if (!MAIL_TEMPLATES.includes(row.template as MailTemplate)) throw new Error(`unknown template ${row.template}`);
      const rendered = renderMail(row.template as MailTemplate, JSON.parse(row.data) as Record<string, unknown>, { appOrigin, supportEmail });
      subject = rendered.subject;
      const delivery = await transport.send({ id: row.id, from, replyTo: supportEmail, to: row.recipient, ...rendered });
      // The values go once sent: links in them carry tokens. The row stays a while as a record.
      await db.updateTable('mail_outbox').set({ sent_at: isoNow(), data: '{}', last_error: null }).where('id', '=', row.id).execute();
      if (delivery.kind === 'outbox') {
        log.info({ mailId: row.id, to: maskAddress(row.recipient), subject, file: delivery.file }, 'Mail written to the outbox folder (SMTP_URL is not set)');
      } else {
        log.info({ mailId: row.id, template: row.template, attempts: row.attempts }, 'Mail sent');
      }
      return true;
    } catch (error) {
      const message = errorMessage(error).slice(0, MAX_ERROR_LENGTH);
      const refused = refusedForGood(error);
      if (refused || (answeredAboutThisMessage(error) && Date.now() - Date.parse(row.created_at) >= maxAgeMs)) {
        log.warn({ mailId: row.id, template: row.template, attempts: row.attempts, err: maskAddressesIn(message) }, refused ? 'Mail refused for good by the SMTP server; it is not retried' : 'Mail still not sent after its maximum age; it is given up');
        try {
          // Out of the queue like a sent row (its values with their links go), `last_error` saying why.
          await db.updateTable('mail_outbox').set({ sent_at: isoNow(), data: '{}', last_error: message }).where('id', '=', row.id).where('sent_at', 'is', null).execute();
        } catch (recordError) {
          log.error({ mailId: row.id, err: errorMessage(recordError) }, 'Could not record a failed mail attempt');
        }
        return false;
      }
      const waitMs = retryDelayMs(row.attempts, retryDelaysMs);
      const nextAttemptAt = new Date(Date.now() + waitMs).toISOString();
      // An SMTP refusal may quote the address ("550 <a@b>: unknown user"): the row keeps it, the log does not.
      log.warn({ mailId: row.id, template: row.template, attempts: row.attempts, nextAttemptAt, err: maskAddressesIn(message) }, 'Mail not sent; it stays queued and is retried');
      try {
        await db.updateTable('mail_outbox').set({ last_error: message, next_attempt_at: nextAttemptAt }).where('id', '=', row.id).where('sent_at', 'is', null).execute();
      } catch (recordError) {
        // The claim's lease brings the row back anyway.
        log.error({ mailId: row.id, err: errorMessage(recordError) }, 'Could not record a failed mail attempt');
      }
      return false;
    }
  }

  async #purgeNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.#lastPurge < PURGE_EVERY_MS) return;
    this.#lastPurge = now;
    const before = new Date(now - this.#options.keepSentMs).toISOString();
    await this.#options.db.deleteFrom('mail_outbox').where('sent_at', 'is not', null).where('sent_at', '<', before).execute();
  }
}

/**
 * A 5xx answer to the recipient (RCPT TO) or the message (DATA): the server will not take this
 * message however often it is sent. A 5xx to the sign-in (AUTH) or the sender (MAIL FROM) is
 * Bloom's configuration, which an operator fixes, so that mail is kept and retried; 503 is a
 * command out of sequence, nodemailer's own trouble, also retried.
 */
function refusedForGood(error: unknown): boolean {
  const code = answerAboutThisMessage(error);
  return code !== undefined && code >= 500 && code <= 599 && code !== 503;
}

/**
 * Any answer about this message's recipient or content (a 4xx such as "mailbox busy" or
 * greylisting, to RCPT TO or DATA): the recipient's side is what keeps it from going, so such a
 * message is given up after `maxAgeMs`. Anything else (the server unreachable, a timeout, a
 * refused sign-in or sender) is Bloom's own SMTP server failing, which delays mail but never
 * loses it (DESIGN §12): that message is retried, hourly, until it goes.
 */
function answeredAboutThisMessage(error: unknown): boolean {
  return answerAboutThisMessage(error) !== undefined;
}

/** The SMTP reply code of an answer to RCPT TO or DATA, if that is what failed the send. */
function answerAboutThisMessage(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { responseCode, command } = error as { responseCode?: unknown; command?: unknown };
  if (typeof responseCode !== 'number') return undefined;
  return command === 'RCPT TO' || (typeof command === 'string' && command.startsWith('DATA')) ? responseCode : undefined;
}

/**
 * The recipient as logs show it: enough to tell messages apart ("a…@example.org"), not the
 * address itself, which logs never hold (test/privacy-logs.test.ts). The .eml file names it.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '…';
  return `${address.slice(0, 1)}…${address.slice(at)}`;
}

function maskAddressesIn(text: string): string {
  return text.replace(/[^\s<>"'():;,[\]]+@[A-Za-z0-9.-]+/g, maskAddress);
}

/** An error's message only: never the message it was sending (nodemailer errors carry no body, but be sure). */
function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
