import type { Db } from '../db/handle';
import { MAIL_TEMPLATES, mailToAddress, type MailTemplate } from './outbox';
import { renderSubject } from './templates';

/** What the outbox holds of one message to a person, for their data export: never its text or values. */
export interface MailRecord {
  id: string;
  to: string;
  template: string;
  subject: string | null;
  status: 'queued' | 'retrying' | 'sent' | 'given-up';
  queuedAt: string;
  sentAt: string | null;
}

/**
 * Every message queued for, or kept as sent to, `address` (case-insensitive, like
 * `forgetMailTo`), of `templates` when given, oldest first. The values (`data`) are read only to
 * word a queued message's subject, which never takes the link: the link's token is a bearer
 * secret. Read through the index on `lower(recipient), created_at, id` (migration 0011), already
 * in this order.
 */
export async function listMailTo(db: Db, address: string, templates?: readonly MailTemplate[]): Promise<MailRecord[]> {
  const to = mailToAddress(address, templates);
  if (!to) return [];
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'recipient', 'template', 'data', 'created_at', 'sent_at', 'last_error'])
    .where(to)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    template: row.template,
    subject: subjectOf(row.template, row.data),
    status: statusOf(row),
    queuedAt: row.created_at,
    // A row given up left the queue without being sent (decision 0083).
    sentAt: statusOf(row) === 'sent' ? row.sent_at : null,
  }));
}

function subjectOf(template: string, data: string): string | null {
  if (!MAIL_TEMPLATES.includes(template as MailTemplate)) return null;
  return renderSubject(template as MailTemplate, parsedValues(data));
}

/** A row's values; '{}' once sent. A row written by hand that is not an object words the subject without them. */
function parsedValues(data: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Out of the queue with an error is given up, not sent: the mail server never took it (decision 0083). */
function statusOf(row: { sent_at: string | null; last_error: string | null }): MailRecord['status'] {
  if (row.sent_at !== null) return row.last_error !== null ? 'given-up' : 'sent';
  return row.last_error !== null ? 'retrying' : 'queued';
}
