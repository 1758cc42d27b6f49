import type { Db } from '../db/database';
import { isoNow } from '../lib/time';

/**
 * Returns the stored secret `name`, creating it with `generate()` if absent. Insert-if-absent
 * and then read back, so when several instances start together they all end up with the one
 * value that reached the database first.
 */
export async function getOrCreateSecret(db: Db, name: string, generate: () => string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: generate(), created_at: isoNow() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
