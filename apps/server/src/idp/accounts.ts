import { hash, parseOptions, verify, type Options } from '@node-rs/argon2';
import type { AppConfig } from '../config';
import { inTransaction } from '../db/accelerator';
import type { Db } from '../db/database';
import type { IdentityAccountsTable } from '../db/schema';
import { newId } from '../lib/crypto';
import { isoNow } from '../lib/time';

/**
 * The embedded provider's own accounts (e-mail + password). Passwords are hashed with
 * argon2id (the library's default algorithm), memory-hard so stolen hashes are costly
 * to attack on GPUs.
 *
 * Production cost: 64 MiB, 3 passes, 1 lane (RFC 9106's second recommended setting,
 * above OWASP's minimum of 19 MiB × 2); about 0.2 s on a small server core. At most
 * four hashes run at once (libuv's thread pool), which bounds memory use under load.
 * Tests use a cheap setting so the suite stays fast; a hash made with other settings is
 * upgraded on the next successful sign-in.
 */
export type PasswordHashing = Pick<Options, 'memoryCost' | 'timeCost' | 'parallelism'>;

export const PRODUCTION_HASHING: PasswordHashing = { memoryCost: 64 * 1024, timeCost: 3, parallelism: 1 };
export const TEST_HASHING: PasswordHashing = { memoryCost: 4 * 1024, timeCost: 1, parallelism: 1 };

export type IdentityAccount = IdentityAccountsTable;

/** The store with this deployment's hashing cost (the cheap one only under NODE_ENV=test). */
export const accountStoreFor = (db: Db, config: Pick<AppConfig, 'env'>): AccountStore =>
  new AccountStore(db, config.env === 'test' ? TEST_HASHING : PRODUCTION_HASHING);

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export class AccountStore {
  #dummyHash: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly hashing: PasswordHashing,
  ) {}

  findById(id: string): Promise<IdentityAccount | undefined> {
    return this.db.selectFrom('identity_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<IdentityAccount | undefined> {
    return this.db.selectFrom('identity_accounts').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  }

  /**
   * Creates the account, or returns null when the e-mail is taken (the unique index decides, so
   * concurrent sign-ups cannot both win). `then` runs in the same transaction once the row is in
   * (the confirmation mail is queued there); the password is hashed before it opens.
   */
  async create(
    input: { email: string; password: string; givenName: string; familyName: string },
    then?: (db: Db, account: IdentityAccount) => Promise<void>,
  ): Promise<IdentityAccount | null> {
    const account: IdentityAccount = {
      id: newId(),
      email: normalizeEmail(input.email),
      password_hash: await this.hashPassword(input.password),
      given_name: input.givenName,
      family_name: input.familyName,
      created_at: isoNow(),
      email_verified_at: null,
    };
    return inTransaction(this.db, async (trx) => {
      const inserted = await trx
        .insertInto('identity_accounts')
        .values(account)
        .onConflict((conflict) => conflict.column('email').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
      await then?.(trx, account);
      return account;
    });
  }

  /** argon2id with this store's cost; done before any transaction opens (it takes a fifth of a second in production). */
  hashPassword(password: string): Promise<string> {
    return hash(password, this.hashing);
  }

  /** Whether `password` is the account's current one (no rehash, no limits: the caller counts attempts). */
  async passwordMatches(account: Pick<IdentityAccount, 'password_hash'>, password: string): Promise<boolean> {
    return verify(account.password_hash, password).catch(() => false);
  }

  /**
   * The account when e-mail and password match, else null. An unknown e-mail still costs
   * one hash verification, so response times do not reveal which addresses have accounts.
   */
  async authenticate(email: string, password: string): Promise<IdentityAccount | null> {
    const account = await this.findByEmail(email);
    if (!account) {
      await verify(await this.dummyHash(), password).catch(() => false);
      return null;
    }
    const matches = await verify(account.password_hash, password).catch(() => false);
    if (!matches) return null;
    if (this.needsRehash(account.password_hash)) {
      const rehashed = await this.hashPassword(password);
      // Only over the hash just verified: a reset or change that landed meanwhile must stand.
      const updated = await this.db
        .updateTable('identity_accounts')
        .set({ password_hash: rehashed })
        .where('id', '=', account.id)
        .where('password_hash', '=', account.password_hash)
        .executeTakeFirst();
      // The row as it is now: a known-browser token made from it must match the next sign-in.
      if (Number(updated.numUpdatedRows) === 1) return { ...account, password_hash: rehashed };
      return this.stillMatches(account.id, password);
    }
    return account;
  }

  /**
   * The hash changed between verifying and rehashing: the password counts only if it is the
   * account's current one (another sign-in's rehash of the same password, say), never after a reset.
   */
  private async stillMatches(id: string, password: string): Promise<IdentityAccount | null> {
    const current = await this.findById(id);
    if (!current) return null;
    return (await this.passwordMatches(current, password)) ? current : null;
  }

  private needsRehash(stored: string): boolean {
    try {
      const used = parseOptions(stored);
      return (
        used.algorithm !== 2 ||
        used.memoryCost !== this.hashing.memoryCost ||
        used.timeCost !== this.hashing.timeCost ||
        used.parallelism !== this.hashing.parallelism
      );
    } catch {
      return true;
    }
  }

  private dummyHash(): Promise<string> {
    this.#dummyHash ??= hash(`no account ${newId()}`, this.hashing);
    return this.#dummyHash;
  }
}
