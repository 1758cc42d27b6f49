import type { Db } from '../db/database';
import { newId } from '../lib/crypto';
import { isoNow } from '../lib/time';

export type ConsentKind = 'research' | 'coach_access' | 'client_access' | 'pre_grant';

/**
 * Consents are an append-and-revoke log: granting opens a record, revoking closes
 * the open one. The history shows who agreed to what, and when (GDPR Art. 7).
 */
export async function recordConsent(db: Db, userId: string, kind: ConsentKind, subjectId: string | null, granted: boolean): Promise<void> {
  const now = isoNow();
  let open = db
    .selectFrom('consents')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null);
  open = subjectId === null ? open.where('subject_id', 'is', null) : open.where('subject_id', '=', subjectId);
  const existing = await open.executeTakeFirst();
  if (granted && !existing) {
    await db.insertInto('consents').values({ id: newId(), user_id: userId, kind, subject_id: subjectId, granted_at: now, revoked_at: null }).execute();
  } else if (!granted && existing) {
    await db.updateTable('consents').set({ revoked_at: now }).where('id', '=', existing.id).execute();
  }
}
