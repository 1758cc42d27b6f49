import type { Db } from '../db/database';
import { ACCOUNT_MAIL_TEMPLATES, type MailTemplate } from '../mail';

/** An address not confirmed, and the templates of the mail to it that are about the account. */
export interface UnconfirmedMail {
  address: string;
  templates: readonly MailTemplate[];
}

/**
 * The addresses an embedded sign-in account had mail sent to that are not its confirmed one
 * (users.email): its own address while not confirmed (decision 0028), and a new one it asked to
 * change to, whose confirmation link is in account_tokens. Any of them may be someone else's, so
 * of the mail to them only the mail about the account itself is the person's (the export lists
 * it, erasure forgets it): the account's mail, and at its own address also its plan receipts,
 * which go there while it is not confirmed (payments/receipt.ts), never to a pending new one.
 * Lower-cased, as the outbox is matched.
 */
export async function unconfirmedMailOf(db: Db, subject: string, confirmedEmail: string | null): Promise<UnconfirmedMail[]> {
  // One after the other: erasure runs this inside its transaction, on one connection.
  const account = await db.selectFrom('identity_accounts').select('email').where('id', '=', subject).executeTakeFirst();
  const mailedLinks = await db.selectFrom('account_tokens').select('email').where('account_id', '=', subject).execute();
  const confirmed = confirmedEmail?.trim().toLowerCase();
  const own = account?.email.trim().toLowerCase();
  const addresses = new Set([own, ...mailedLinks.map((row) => row.email.trim().toLowerCase())].flatMap((address) => (address ? [address] : [])));
  return [...addresses]
    .filter((address) => address !== confirmed)
    .map((address) => ({ address, templates: address === own ? [...ACCOUNT_MAIL_TEMPLATES, 'plan-receipt'] : ACCOUNT_MAIL_TEMPLATES }));
}
