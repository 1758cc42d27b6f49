import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/handle';
import type { Database } from '../db/schema';
import { newId } from '../lib/crypto';
import { isoNow } from '../lib/time';

/**
 * The mail queue's one door for the rest of the server (issue 25, DESIGN.md §12, decision 0027).
 *
 * A message is a row of `mail_outbox` written with the caller's `db`: inside an endpoint that
 * writes, that is the call's transaction, so the message exists exactly when the change it tells
 * of committed, and a rolled-back call sends nothing. The dispatcher (dispatcher.ts) sends due
 * rows after the commit, retrying with backoff, so an SMTP outage delays mail but never fails the
 * request nor loses the message.
 */

/** Every message Bloom sends; each one's texts are content (content.json), its values `data`. */
export type MailTemplate = 'verify-email' | 'confirm-new-email' | 'password-reset' | 'password-changed' | 'email-changed' | 'coach-invitation' | 'plan-receipt';

export const MAIL_TEMPLATES: readonly MailTemplate[] = ['verify-email', 'confirm-new-email', 'password-reset', 'password-changed', 'email-changed', 'coach-invitation', 'plan-receipt'];

/** The messages about a sign-in account of Bloom's own provider itself (decision 0028), sent to the account's address whether confirmed or not. */
export const ACCOUNT_MAIL_TEMPLATES: readonly MailTemplate[] = ['verify-email', 'confirm-new-email', 'password-reset', 'password-changed', 'email-changed'];

/**
 * One message to queue. `data` holds the template's values as strings (templates.ts names which
 * each template uses; a missing one falls back to neutral wording, an unknown one is ignored).
 * A `link` may be absolute or a path such as `/Reset?token=…`, which is made absolute with
 * APP_ORIGIN when the message is rendered.
 */
export interface OutgoingMail {
  to: string;
  template: MailTemplate;
  data: Record<string, string>;
}

/** Queues a message in the same transaction as the caller's writes (pass the call's `db`): it is sent only after that commits. */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  const recipient = mail.to.trim();
  if (!recipient || /[\r\n]/.test(recipient)) throw new Error('enqueueMail: the recipient is not an e-mail address');
  if (!MAIL_TEMPLATES.includes(mail.template)) throw new Error(`enqueueMail: unknown template ${String(mail.template)}`);
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(mail.data)) if (typeof value === 'string') data[key] = value;
  const now = isoNow();
  await db
    .insertInto('mail_outbox')
    .values({ id: newId(), recipient, template: mail.template, data: JSON.stringify(data), created_at: now, attempts: 0, next_attempt_at: now, sent_at: null, last_error: null })
    .execute();
  for (const listener of queuedListeners) listener();
}

/**
 * Forgets every message to `address`, sent or not (for erasing an account: the outbox keeps a
 * sent message's recipient for a week, and a message still queued would reach a person who asked
 * to be forgotten). Case-insensitive, like sign-in addresses.
 */
export async function forgetMailTo(db: Db, address: string, templates?: readonly MailTemplate[]): Promise<void> {
  const to = mailToAddress(address, templates);
  if (to) await db.deleteFrom('mail_outbox').where(to).execute();
}

/**
 * Forgets the messages of `template` to `address` not yet sent whose values `matches` picks: a
 * message about something that no longer stands (a withdrawn invitation, an erased coach's) must
 * not go out after it. Reads the few unsent rows the recipient index finds and deletes those by
 * id; a row the dispatcher is sending at this very moment may still go out, and its "sent" mark
 * then finds nothing to mark.
 */
export async function forgetUnsentMail(db: Db, address: string, template: MailTemplate, matches: (data: Record<string, string>) => boolean): Promise<void> {
  const to = mailToAddress(address, [template]);
  if (!to) return;
  const rows = await db.selectFrom('mail_outbox').select(['id', 'data']).where(to).where('sent_at', 'is', null).execute();
  const ids = rows.filter((row) => matches(parseMailData(row.data))).map((row) => row.id);
  if (ids.length > 0) await db.deleteFrom('mail_outbox').where('id', 'in', ids).where('sent_at', 'is', null).execute();
}

/** A row's `data` as written by `enqueueMail` (a JSON object of strings); {} for anything else. */
function parseMailData(data: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * The outbox rows to `address` (case-insensitive, like sign-in addresses), of `templates` when
 * given, as a where clause for reading or deleting them; undefined for an empty address. It
 * compares `lower(recipient)`, the expression migration 0011 indexes: written any other way, the
 * export and erasure would read the whole outbox again (migrations.test.ts checks the plans).
 */
export function mailToAddress(address: string, templates?: readonly MailTemplate[]) {
  const normalized = address.trim().toLowerCase();
  if (!normalized) return undefined;
  return (eb: ExpressionBuilder<Database, 'mail_outbox'>) => {
    const to = eb(eb.fn('lower', ['recipient']), '=', normalized);
    return templates ? eb.and([to, eb('template', 'in', [...templates])]) : to;
  };
}

const queuedListeners = new Set<() => void>();

/**
 * Hears of every message queued in this process (the dispatcher looks for due mail soon after,
 * instead of at its next poll). The row may not have committed yet when the listener runs, so a
 * listener must only schedule a look, never assume the row is visible. Returns the unsubscribe.
 */
export function onMailQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}
