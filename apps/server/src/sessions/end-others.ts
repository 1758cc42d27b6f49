import type { Db } from '../db/handle';
import { unauthorized } from '../http/errors';
import type { IdentityAccount } from '../idp/accounts';
import { endOtherSessionsOfAccount } from '../idp/recovery';
import { withUserLock } from '../privacy/user-lock';
import type { SessionContext } from './sessions';

/**
 * "Sign out everywhere else" (OWASP ASVS 5.0 V7, decision 0085): every session of the caller but
 * the one that asks ends, and answers how many did. With Bloom's own sign-in (`account`, its
 * current password already checked) the account's sessions and the provider's state end as a
 * password change ends them (idp/recovery.ts); with an external provider, the person's sessions.
 *
 * The rows are deleted, and the session caches forget them as they forget any deleted session:
 * on SQLite the connection's triggers, on PostgreSQL migration 0009's NOTIFY to every instance,
 * and the answering instance forgets the caller's copies before it answers (plugin.ts; decisions
 * 0011 and 0035).
 *
 * It runs holding the person's row (`withUserLock`) and first checks that the asking session is
 * still there: two browsers asking at the same moment then take turns, and the second, already
 * signed out by the first, gets 401 instead of signing the first out too.
 */
export async function endOtherSessions(db: Db, caller: SessionContext, account: IdentityAccount | null): Promise<number> {
  const ended = await withUserLock(db, caller.user.id, async (trx) => {
    if (!(await sessionIsOpen(trx, caller.sessionId))) return null;
    if (account) return endOtherSessionsOfAccount(trx, account, caller.sessionId);
    const deleted = await trx.deleteFrom('sessions').where('user_id', '=', caller.user.id).where('id', '!=', caller.sessionId).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
  if (ended === undefined || ended === null) throw unauthorized('You have been signed out meanwhile. Please sign in again.');
  return ended;
}

async function sessionIsOpen(db: Db, sessionId: string): Promise<boolean> {
  return (await db.selectFrom('sessions').select('id').where('id', '=', sessionId).executeTakeFirst()) !== undefined;
}
