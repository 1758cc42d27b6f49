import type { Db } from '../db/database';

/**
 * The addresses an embedded sign-in account had mail sent to that are not its confirmed one
 * (users.email): its own address while not confirmed (decision 0028), and a new one it asked to
 * change to, whose confirmation link is in account_tokens. Any of them may be someone else's, so
 * of the mail to them only the mail about the account itself is the person's (the export lists
 * it, erasure forgets it). Lower-cased, as the outbox is matched.
 */
export async function unconfirmedAddressesOf(db: Db, subject: string, confirmedEmail: string | null): Promise<string[]> {
  // One after the other: erasure runs this inside its transaction, on one connection.
  const account = await db.selectFrom('identity_accounts').select('email').where('id', '=', subject).executeTakeFirst();
  const mailedLinks = await db.selectFrom('account_tokens').select('email').where('account_id', '=', subject).execute();
  const confirmed = confirmedEmail?.trim().toLowerCase();
  const addresses = new Set([account?.email, ...mailedLinks.map((row) => row.email)].flatMap((address) => (address ? [address.trim().toLowerCase()] : [])));
  return [...addresses].filter((address) => address !== confirmed);
}
