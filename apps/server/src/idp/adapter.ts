import type { Db } from '../db/database';

/**
 * oidc-provider's storage interface, backed by Bloom's `oidc_store` table so sessions,
 * interactions, grants and codes survive restarts and are shared by every instance.
 * One table for all models: (model, id) is the key; grant_id, uid and user_code are the
 * lookup columns the provider needs; expired rows are ignored here and swept by housekeeping.
 */
type Payload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string; consumed?: number };

/** Models whose rows belong to a grant and disappear with it (revokeByGrantId). */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest', 'PreAuthorizedCode']);

/**
 * Whether a value can be a key here: ids arrive from requests (a client id, a code, a token), and
 * PostgreSQL text cannot hold U+0000, so such an id is one that is not stored, never a 500.
 */
const isStorableKey = (value: string): boolean => !value.includes('\u0000');

const epochSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);
const isoFromEpochSeconds = (seconds: number): string => new Date(seconds * 1000).toISOString();

export class DatabaseAdapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const row = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id: GRANTABLE.has(this.model) && typeof payload.grantId === 'string' ? payload.grantId : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
      expires_at: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
      consumed_at: typeof payload.consumed === 'number' ? isoFromEpochSeconds(payload.consumed) : null,
    };
    await this.db
      .insertInto('oidc_store')
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(['model', 'id']).doUpdateSet({
          payload: row.payload,
          grant_id: row.grant_id,
          uid: row.uid,
          user_code: row.user_code,
          expires_at: row.expires_at,
          consumed_at: row.consumed_at,
        }),
      )
      .execute();
  }

  async find(id: string): Promise<Payload | undefined> {
    return this.findWhere('id', id);
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    return this.findWhere('uid', uid);
  }

  async findByUserCode(userCode: string): Promise<Payload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  /** Marks a one-time artefact (an authorization code) as used; the provider refuses it afterwards. */
  async consume(id: string): Promise<void> {
    if (!isStorableKey(id)) return;
    await this.db
      .updateTable('oidc_store')
      .set({ consumed_at: new Date().toISOString() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    if (!isStorableKey(id)) return;
    await this.db.deleteFrom('oidc_store').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    if (!isStorableKey(grantId)) return;
    await this.db.deleteFrom('oidc_store').where('grant_id', '=', grantId).execute();
  }

  private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<Payload | undefined> {
    if (!isStorableKey(value)) return undefined;
    const row = await this.db
      .selectFrom('oidc_store')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.expires_at && row.expires_at <= new Date().toISOString()) return undefined;
    const payload = JSON.parse(row.payload) as Payload;
    if (row.consumed_at) payload.consumed = epochSeconds(row.consumed_at);
    return payload;
  }
}

export const databaseAdapterFactory = (db: Db) => (model: string) => new DatabaseAdapter(db, model);

export async function deleteExpiredProviderState(db: Db): Promise<void> {
  await db.deleteFrom('oidc_store').where('expires_at', '<', new Date().toISOString()).execute();
}

/**
 * Ends the provider's own hold on an account: its sessions, grants, interactions, codes and
 * tokens (a password reset or change, DESIGN.md §12). oidc-provider stores each model as JSON
 * with an `accountId` field; account ids are UUIDs, so the LIKE pattern has no wildcards in it.
 * Rows that belong to a grant go with the grant.
 */
export async function deleteProviderStateOfAccount(db: Db, accountId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(accountId)) return;
  const pattern = `%"accountId":"${accountId}"%`;
  const grants = await db.selectFrom('oidc_store').select('id').where('model', '=', 'Grant').where('payload', 'like', pattern).execute();
  for (let index = 0; index < grants.length; index += 500) {
    await db.deleteFrom('oidc_store').where('grant_id', 'in', grants.slice(index, index + 500).map((row) => row.id)).execute();
  }
  await db.deleteFrom('oidc_store').where('payload', 'like', pattern).execute();
}
